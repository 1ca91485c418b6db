"""A soft DCG: gains divided by log2(position + 2), which is at least 1, then masked."""
import torch

x = torch.randn(5, requires_grad=True)
valid = torch.rand(5) > 0.3
v = x / torch.log2(torch.arange(5.0) + 2)
torch.where(valid, v, torch.zeros_like(v)).sum().backward()
assert torch.isfinite(x.grad).all()
