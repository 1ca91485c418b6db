"""Backward every 3 steps but the state cut only every 6: the second backward of each chunk
of 6 goes through the first one's freed graph."""
import torch
import torch.nn as nn

cell = nn.GRUCell(2, 4)
h = torch.zeros(1, 4)
loss = 0
for t in range(9):
    h = cell(torch.randn(1, 2), h)
    loss = loss + h.pow(2).sum()
    if (t + 1) % 3 == 0:
        loss.backward()  # expect: TL106
    if (t + 1) % 6 == 0:
        h = h.detach()
        loss = 0
