import torch

x = torch.zeros(2, 3, requires_grad=True)
valid = torch.tensor([[True, True, True], [False, False, False]])
var = (x.pow(2) * valid).mean(-1, keepdim=True)      # >= 0: squares times a bool mask
y = torch.where(valid, x / torch.sqrt(var + 1e-6), 0.0)
y.sum().backward()
assert torch.isfinite(x.grad).all()
