"""Truncated backprop through time that detaches in the branch, then backpropagates the
last chunk's loss once more after the loop: when the last chunk took the branch, its
graph is already freed."""
import torch
import torch.nn as nn

cell = nn.GRUCell(2, 4)
h = torch.zeros(1, 4)
for t in range(6):
    h = cell(torch.randn(1, 2), h)
    loss = h.pow(2).sum()
    if t % 2 == 1:
        loss.backward()
        h = h.detach()
loss.backward()  # expect: TL106
