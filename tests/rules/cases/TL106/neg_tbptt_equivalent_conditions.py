"""Truncated BPTT: the detach tests an equivalent condition written differently
(`t % k == k - 1` for `(t + 1) % k == 0`)."""
import torch
import torch.nn as nn

cell = nn.RNNCell(2, 4)
x = torch.randn(3, 8, 2)
h = torch.zeros(3, 4)
loss = 0
k = 4
for t in range(8):
    h = cell(x[:, t], h)
    loss = loss + h.pow(2).mean()
    if (t + 1) % k == 0:
        loss.backward()
        loss = 0
    if t % k == k - 1:               # the same steps, written differently
        h = h.detach()
