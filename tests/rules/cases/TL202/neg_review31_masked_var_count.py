import torch

x = torch.zeros(2, 3, requires_grad=True)
valid = torch.tensor([[True, True, True], [False, False, False]])
n = valid.sum(-1, keepdim=True).clamp_min(1)           # a count >= 1
var = x.pow(2).sum(-1, keepdim=True) / n                # >= 0
y = torch.where(valid, x / torch.sqrt(var + 1e-6), 0.0)
y.sum().backward()
assert torch.isfinite(x.grad).all()
