import torch

x = torch.randn(3, requires_grad=True)
y = (x**3).sum()
(g,) = torch.autograd.grad(y, x)
(g2,) = torch.autograd.grad(y, x)  # expect: TL106
