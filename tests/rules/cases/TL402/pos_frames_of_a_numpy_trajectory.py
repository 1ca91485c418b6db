"""Energies along a trajectory stored as a float64 numpy array: each frame iterated out of
it is float64, and `from_numpy` keeps it for a float32 layer."""
import numpy as np
import torch
from torch import nn

rng = np.random.default_rng(0)
head = nn.Linear(3, 1)


def load_trajectory(n_frames, n_atoms):
    base = rng.normal(size=(n_atoms, 3))
    return base[None] + 0.05 * rng.normal(size=(n_frames, n_atoms, 3))


@torch.no_grad()
def energies_along(frames):
    return [head(torch.from_numpy(frame)).sum().item() for frame in frames]  # expect: TL402


print(energies_along(load_trajectory(4, 5)))
