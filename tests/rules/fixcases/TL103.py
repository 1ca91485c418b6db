import torch

x = torch.randn(3, requires_grad=True)
y = x * 2
y.sum().backward()
assert y.grad is not None, "y.grad is None"
