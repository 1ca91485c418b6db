"""TL101: an in-place update of a leaf that requires grad raises at once."""

import torch

w = torch.randn(3, requires_grad=True)
w.mul_(0.5)
print(w.requires_grad)
