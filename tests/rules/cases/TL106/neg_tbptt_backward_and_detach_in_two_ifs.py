"""Truncated BPTT written with two `if`s on the same condition: the chunk's last step
backpropagates in one and detaches the hidden state in the other (or with a
conditional expression)."""
import torch
import torch.nn as nn

cell = nn.RNNCell(3, 3)
xs = torch.randn(8, 2, 3)
h = torch.zeros(2, 3)
g = torch.zeros(2, 3)
k = 4
for step in range(8):
    h = cell(xs[step], h)
    loss = h.pow(2).mean()
    if step % k == k - 1:
        loss.backward()
    if step % k == k - 1:
        h = h.detach()
for step in range(8):
    g = cell(xs[step], g)
    loss = g.pow(2).mean()
    if step % k == k - 1:
        loss.backward()
    g = g.detach() if step % k == k - 1 else g
print("ok")
