"""Truncated BPTT with an LSTM: backward, then `h` and `c` detached in two more `if`s on the
same flag."""
import torch
import torch.nn as nn

cell = nn.LSTMCell(2, 4)
x = torch.randn(3, 8, 2)
h = c = torch.zeros(3, 4)
loss = 0
for t in range(8):
    h, c = cell(x[:, t], (h, c))
    loss = loss + h.pow(2).mean()
    last = (t + 1) % 4 == 0
    if last:
        loss.backward()
        loss = 0
    if last:
        h = h.detach()
    if last:
        c = c.detach()
