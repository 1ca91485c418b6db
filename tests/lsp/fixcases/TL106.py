"""TL106: a second backward through a graph the first one freed."""

import torch

x = torch.randn(4, requires_grad=True)
loss = (x.exp() * x).sum()
loss.backward()
loss.backward()
print(x.grad.sum().item())
