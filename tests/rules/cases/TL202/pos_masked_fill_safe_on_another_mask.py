"""The input was made safe with masked_fill, but on another mask than the one that discards
the quotient: the diagonal (where d2 is 0) still reaches the division."""
import torch

pos = torch.randn(5, 3, requires_grad=True)
d2 = (pos[:, None] - pos[None]).pow(2).sum(-1)
eye = torch.eye(5, dtype=torch.bool)
far = d2 > 100.0
d2_capped = d2.masked_fill(far, 100.0)                 # safe where `far`, not on the diagonal
energy = torch.where(eye, torch.zeros_like(d2), 1.0 / d2_capped)  # expect: TL202
energy.sum().backward()
print(torch.isnan(pos.grad).any().item())
