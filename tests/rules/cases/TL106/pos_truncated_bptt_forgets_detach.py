"""Truncated backprop through time that forgets to detach the hidden state: the next
chunk's backward reaches the graph the previous one freed."""
import torch
import torch.nn as nn
cell = nn.GRUCell(2, 4)
h = torch.zeros(1, 4)
loss = 0.0
for t in range(6):
    h = cell(torch.randn(1, 2), h)
    loss = loss + h.sum()
    if t % 3 == 2:
        loss.backward()  # expect: TL106
        loss = 0.0
