"""Lennard-Jones energy: the sqrt sees the zero self-distances, and masking the energy afterwards does not help."""
import torch


def pair_distances(pos):
    n = pos.shape[0]
    off_diag = ~torch.eye(n, dtype=torch.bool)
    d2 = ((pos.unsqueeze(1) - pos.unsqueeze(0)) ** 2).sum(-1)
    return torch.sqrt(d2), off_diag  # expect: TL202


def lj_energy(pos, sigma=1.0):
    r, off_diag = pair_distances(pos)
    sr6 = (sigma / r) ** 6
    pair = 4 * (sr6**2 - sr6)
    pair = torch.where(off_diag, pair, torch.zeros_like(pair))  # expect: TL202
    return 0.5 * pair.sum()


pos = (torch.randn(5, 3) * 2).requires_grad_()
lj_energy(pos).backward()
print(pos.grad.isfinite().all())
