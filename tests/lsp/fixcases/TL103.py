"""TL103: the .grad of a non-leaf stays None unless retain_grad() is called."""

import torch

x = torch.randn(4, requires_grad=True)
h = x * 2
loss = (h * h).sum()
loss.backward()
assert h.grad is not None, "h.grad is None"
print(h.grad.sum().item())
