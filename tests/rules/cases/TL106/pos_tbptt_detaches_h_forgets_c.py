"""Truncated BPTT with an LSTM that detaches `h` but forgets the cell state `c`, which
carries the freed graph into the next chunk."""
import torch
import torch.nn as nn

cell = nn.LSTMCell(2, 4)
x = torch.randn(3, 12, 2)
h = c = torch.zeros(3, 4)
loss = 0
for t in range(12):
    h, c = cell(x[:, t], (h, c))
    loss = loss + h.pow(2).mean()
    if (t + 1) % 4 == 0:
        loss.backward()  # expect: TL106
        loss = 0
        h = h.detach()  # the cell state `c` still carries the freed graph
