"""Double where with the second condition written as the negation of the first
(`where(eye, 1, d2)`, then `where(~eye, 1 / d2_safe, 0)`)."""
import torch

pos = torch.randn(4, 2, requires_grad=True)
d2 = (pos[:, None] - pos[None]).pow(2).sum(-1)
eye = torch.eye(4, dtype=torch.bool)
d2_safe = torch.where(eye, torch.ones_like(d2), d2)      # safe where `eye`
y = torch.where(~eye, 1.0 / d2_safe, torch.zeros_like(d2))  # kept only where ~eye
y.sum().backward()
assert torch.isfinite(pos.grad).all()
