"""TL402/TL201 near-miss: default dtype switched to float64 for a scientific script (physics-style)."""
import torch
from torch.autograd import gradcheck

torch.set_default_dtype(torch.double)


def energy(pos):
    diff = pos.unsqueeze(0) - pos.unsqueeze(1)
    r2 = (diff ** 2).sum(-1) + torch.eye(pos.shape[0])
    return (1.0 / r2).triu(1).sum()


pos = torch.randn(4, 3, requires_grad=True)
assert gradcheck(energy, (pos,))
coupling = torch.randn(3, 3, dtype=torch.float64)
proj = pos @ coupling
print("ok", pos.dtype, proj.dtype)
