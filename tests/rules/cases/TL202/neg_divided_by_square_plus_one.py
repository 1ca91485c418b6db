"""Divided by b * b + 1, at least 1, then masked."""
import torch

x = torch.randn(5, requires_grad=True)
b = torch.randn(5, requires_grad=True)
valid = torch.rand(5) > 0.3
v = x / (b * b + 1)
torch.where(valid, v, torch.zeros_like(v)).sum().backward()
assert torch.isfinite(x.grad).all() and torch.isfinite(b.grad).all()
