"""Frames of a float64 numpy trajectory converted before the layer."""
import numpy as np
import torch
from torch import nn

head = nn.Linear(3, 1)
trajectory = np.random.default_rng(0).normal(size=(4, 5, 3))
with torch.no_grad():
    energies = [head(torch.from_numpy(frame).float()).sum().item() for frame in trajectory]
    energies += [head(torch.tensor(frame, dtype=torch.float32)).sum().item() for frame in trajectory]
print(energies)
