"""Double where whose second condition is narrower than the first: kept only within
`off`, where the input was made safe."""
import torch

pos = torch.randn(4, 2, requires_grad=True)
d2 = (pos[:, None] - pos[None]).pow(2).sum(-1)
off = ~torch.eye(4, dtype=torch.bool)
d2_safe = torch.where(off, d2, torch.ones_like(d2))
inside = off & (d2 < 4.0)                                 # a subset of `off`
y = torch.where(inside, 1.0 / d2_safe, torch.zeros_like(d2))
y.sum().backward()
assert torch.isfinite(pos.grad).all()
