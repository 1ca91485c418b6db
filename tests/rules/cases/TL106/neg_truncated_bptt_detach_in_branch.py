"""Truncated backprop through time: every third step the accumulated loss is
backpropagated and the hidden state detached in the same branch."""
import torch
import torch.nn as nn

cell = nn.GRUCell(2, 4)
h = torch.zeros(1, 4)
loss = 0.0
for t in range(6):
    h = cell(torch.randn(1, 2), h)
    loss = loss + h.sum()
    if t % 3 == 2:
        loss.backward()
        h = h.detach()
        loss = 0.0
print("ok")
