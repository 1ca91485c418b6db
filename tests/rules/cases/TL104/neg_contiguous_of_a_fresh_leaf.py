import torch

base = torch.randn(3, 4)
w = base.clone().requires_grad_().contiguous()
v = torch.zeros(3, 4).requires_grad_().contiguous()
opt = torch.optim.SGD([w, v], lr=0.1)
(w * 2 + v).sum().backward()
opt.step()
print(w.is_leaf, w.grad.shape, v.grad.shape)
