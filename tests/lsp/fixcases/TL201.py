"""TL201: gradcheck in float32 fails on finite-difference noise."""

import torch

torch.manual_seed(0)
x = torch.randn(8, 4, requires_grad=True)
print(torch.autograd.gradcheck(torch.sigmoid, (x,)))
