"""Truncated BPTT in a step helper that returns early on steps without an update, then
backpropagates and returns the detached state."""
import torch
import torch.nn as nn

cell = nn.GRUCell(2, 4)


def step(h, x, update):
    h = cell(x, h)
    if not update:
        return h
    h.sum().backward()
    return h.detach()


h = torch.zeros(1, 4)
for t in range(9):
    h = step(h, torch.randn(1, 2), t % 3 == 2)
