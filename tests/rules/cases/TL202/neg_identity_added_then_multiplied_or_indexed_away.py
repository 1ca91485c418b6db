"""Pairwise distances made safe by adding the identity, the diagonal then multiplied away
(`* (1 - eye)`) or indexed out (`[~eye]`)."""
import torch
x = torch.randn(5, 2, requires_grad=True)
eye = torch.eye(5)
d2 = ((x[:, None] - x[None]) ** 2).sum(-1)
d = torch.sqrt(d2 + eye)
(d * (1 - eye)).sum().backward()
assert torch.isfinite(x.grad).all()
y = torch.randn(5, 2, requires_grad=True)
dy = torch.sqrt(((y[:, None] - y[None]) ** 2).sum(-1) + eye)
dy[~eye.bool()].sum().backward()
assert torch.isfinite(y.grad).all()
