import torch

w = torch.randn(3, requires_grad=True)
pred = (w * 3).detach()
loss = (pred - 1).pow(2).mean()
loss.backward()
assert w.grad is not None
