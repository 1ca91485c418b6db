import torch
from torch import autograd

w = torch.randn(5, requires_grad=True)
data = torch.randn(20, 5)


def loss_fn(w):
    return torch.log1p((data @ w).exp()).mean()


v = torch.randn(5)
for step in range(4):
    (g,) = autograd.grad(loss_fn(w), w, create_graph=True)
    (hv,) = autograd.grad(g, w, grad_outputs=v)
    v = hv / hv.norm()
print(v)
