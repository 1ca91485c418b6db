import math

import numpy as np
import torch
import torch.nn as nn


def sinusoid_basis(n_basis: int, length: int) -> np.ndarray:
    t = np.linspace(0.0, 1.0, length)
    rows = [np.ones_like(t)]
    for k in range(1, n_basis // 2 + 1):
        rows.append(np.sin(2 * math.pi * k * t))
        rows.append(np.cos(2 * math.pi * k * t))
    return np.stack(rows[:n_basis], axis=0).astype(np.float32)


class BasisDecoder(nn.Module):
    def __init__(self, d_in, n_basis, length):
        super().__init__()
        self.coef = nn.Linear(d_in, n_basis)
        self.register_buffer("basis", torch.from_numpy(sinusoid_basis(n_basis, length)))

    def forward(self, x):
        c = self.coef(x)
        return c @ self.basis


decoder = BasisDecoder(d_in=8, n_basis=5, length=32)
recon = decoder(torch.randn(10, 8))
