"""sqrt of torch.maximum(sq, eps), away from 0, then masked."""
import torch

z = torch.randn(3, 2, requires_grad=True)
sq = ((z[:, None] - z[None]) ** 2).sum(-1)
off = ~torch.eye(3, dtype=torch.bool)
d = torch.sqrt(torch.maximum(sq, torch.tensor(1e-12)))
torch.where(off, d, torch.zeros_like(d)).sum().backward()
assert torch.isfinite(z.grad).all()
