import torch

a = torch.randn(3, requires_grad=True)
b = a + 2  # not a leaf: in-place on it is allowed (unless saved)
b.add_(1)
c = torch.randn(3)  # does not require grad
c.add_(1)
c[0] = 5
d = torch.randn(3, requires_grad=True)
d.requires_grad_(False)
d.add_(1)
e = torch.randn(3, requires_grad=True).detach()
e.zero_()
g = a.grad
if g is not None:
    g.zero_()
a.grad = None
