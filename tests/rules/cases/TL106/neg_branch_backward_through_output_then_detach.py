"""Truncated backprop through time with the backward taken through an output made anew
each step (`out = h * 2`): the branch detaches the carried state, so nothing reaches the
freed graph."""
import torch
import torch.nn as nn

cell = nn.GRUCell(3, 4)
h = torch.zeros(1, 4)
for step in range(4):
    h = cell(torch.randn(1, 3), h)
    out = h * 2
    if step % 2 == 1:
        out.sum().backward()
        h = h.detach()
