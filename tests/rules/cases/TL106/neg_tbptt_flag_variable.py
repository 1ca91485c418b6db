"""Truncated BPTT: a flag set where the backward runs decides the detach."""
import torch
import torch.nn as nn

cell = nn.RNNCell(2, 4)
x = torch.randn(3, 8, 2)
h = torch.zeros(3, 4)
loss = 0
for t in range(8):
    h = cell(x[:, t], h)
    loss = loss + h.pow(2).mean()
    updated = False
    if (t + 1) % 4 == 0:
        loss.backward()
        loss = 0
        updated = True
    if updated:                      # true exactly when backward ran
        h = h.detach()
