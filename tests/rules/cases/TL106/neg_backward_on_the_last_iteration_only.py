"""An unrolled recurrence backpropagated once, on its last step (`t == T - 1`, or the last
item of an enumerated sequence): no later iteration reaches the freed graph."""
import torch
from torch import nn

cell = nn.RNNCell(5, 8)
opt = torch.optim.SGD(cell.parameters(), lr=0.1)
T = 4
xs = torch.randn(T, 4, 5)
h = torch.zeros(4, 8)
for t in range(T):
    h = cell(xs[t], h)
    if t == T - 1:
        opt.zero_grad()
        h.pow(2).mean().backward()
        opt.step()

steps = [torch.randn(4, 5) for _ in range(3)]
h = torch.zeros(4, 8)
for i, x in enumerate(steps):
    h = cell(x, h)
    if i + 1 == len(steps):
        opt.zero_grad()
        h.sum().backward()
        opt.step()
print(h.shape)
