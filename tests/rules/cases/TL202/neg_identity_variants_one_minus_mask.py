"""Pairwise distances made safe on the diagonal in other ways than `d2 + eye`: the
complement of an off-diagonal mask, a small multiple of the identity, the identity plus an
eps, `fill_diagonal_(1.0)`; the diagonal then multiplied away."""
import numpy as np
import torch
import torch.nn as nn
import torch.nn.functional as F

x = torch.randn(5, 3, requires_grad=True)
mask = 1 - torch.eye(5)
d2 = (x[:, None] - x[None]).pow(2).sum(-1)
d = torch.sqrt(d2 + (1 - mask)) * mask  # 1 - mask is the identity: diagonal lifted to 1
d.sum().backward()
assert torch.isfinite(x.grad).all()

x = torch.randn(5, 3, requires_grad=True)
eye = torch.eye(5)
d2 = (x[:, None] - x[None]).pow(2).sum(-1)
d = torch.sqrt(d2 + 1e-6 * eye) * (1 - eye)  # diagonal lifted to 1e-6 > 0
d.sum().backward()
assert torch.isfinite(x.grad).all()

x = torch.randn(5, 3, requires_grad=True)
eye = torch.eye(5)
d2 = (x[:, None] - x[None]).pow(2).sum(-1)
d = torch.sqrt(d2 + eye + 1e-12) * (1 - eye)  # same as the accepted `d2 + eye`, plus an eps
d.sum().backward()
assert torch.isfinite(x.grad).all()

x = torch.randn(5, 3, requires_grad=True)
d2 = (x[:, None] - x[None]).pow(2).sum(-1)
d2 = d2.clone().fill_diagonal_(1.0)  # diagonal set to 1 before the sqrt
d = torch.sqrt(d2) * (1 - torch.eye(5))
d.sum().backward()
assert torch.isfinite(x.grad).all()
