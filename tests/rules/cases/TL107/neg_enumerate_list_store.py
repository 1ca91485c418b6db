"""A stacked GRU written with `hidden[i] = cell(inp, h)`: the list holds the new states,
which require grad, although it started as zeros."""
import torch
import torch.nn as nn

cells = nn.ModuleList([nn.GRUCell(4, 4), nn.GRUCell(4, 4)])
hidden = [torch.zeros(2, 4), torch.zeros(2, 4)]
inp = torch.randn(2, 4)
for i, h in enumerate(hidden):
    hidden[i] = cells[i](inp, h)
    inp = hidden[i]
loss = inp.sum()
loss.backward()
