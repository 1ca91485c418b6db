"""Truncated BPTT: two states detached in two conditional expressions on the flag the
backward tests."""
import torch
import torch.nn as nn

cell = nn.LSTMCell(2, 4)
x = torch.randn(3, 8, 2)
h = c = torch.zeros(3, 4)
loss = 0
for t in range(8):
    h, c = cell(x[:, t], (h, c))
    loss = loss + h.pow(2).mean()
    last = (t + 1) % 4 == 0
    if last:
        loss.backward()
        loss = 0
    h = h.detach() if last else h
    c = c.detach() if last else c
