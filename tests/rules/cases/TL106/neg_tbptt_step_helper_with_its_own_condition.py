"""Truncated BPTT in a step helper called every step: it backpropagates and detaches under
its own condition and returns the state."""
import torch
import torch.nn as nn

cell = nn.GRUCell(2, 4)


def step(h, x, t):
    h = cell(x, h)
    loss = h.sum()
    if t % 3 == 2:
        loss.backward()
        h = h.detach()
    return h


h = torch.zeros(1, 4)
for t in range(9):
    h = step(h, torch.randn(1, 2), t)
