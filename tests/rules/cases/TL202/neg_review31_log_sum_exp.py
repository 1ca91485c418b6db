import torch

x = torch.randn(3, 4, requires_grad=True)
valid = torch.tensor([[True] * 4, [False] * 4, [True, False, True, False]])
lse = torch.log(x.exp().sum(-1))               # a sum of exponentials: > 0
y = torch.where(valid.any(-1), lse, 0.0)
y.sum().backward()
assert torch.isfinite(x.grad).all()
