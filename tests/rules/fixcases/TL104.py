import torch

w = torch.rand(3, requires_grad=True).double()
(w * 2).sum().backward()
assert w.grad is not None, "w.grad is None: the leaf was lost"
opt = torch.optim.SGD([w], lr=0.1)
