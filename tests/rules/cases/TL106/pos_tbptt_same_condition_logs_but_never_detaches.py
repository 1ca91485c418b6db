"""Truncated BPTT whose second `if` on the chunk condition only logs: the hidden state
stays attached to the chunk the backward freed."""
import torch
import torch.nn as nn

cell = nn.RNNCell(3, 3)
xs = torch.randn(8, 2, 3)
h = torch.zeros(2, 3)
k = 4
for step in range(8):
    h = cell(xs[step], h)
    loss = h.pow(2).mean()
    if step % k == k - 1:
        loss.backward()  # expect: TL106
    if step % k == k - 1:
        print(step, loss.item())
