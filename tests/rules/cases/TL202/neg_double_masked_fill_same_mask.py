"""Double masking with masked_fill: the input filled with 1 where `eye` holds, the quotient
filled with 0 on the same mask."""
import torch

pos = torch.randn(4, 2, requires_grad=True)
d2 = (pos[:, None] - pos[None]).pow(2).sum(-1)
eye = torch.eye(4, dtype=torch.bool)
d2_safe = d2.masked_fill(eye, 1.0)                        # same mask, made safe first
y = (1.0 / d2_safe).masked_fill(eye, 0.0)
y.sum().backward()
assert torch.isfinite(pos.grad).all()
