# Positions from torch.arange of a size, and counts sampled by numpy: integer tensors that
# cannot require grad.
import numpy as np
import torch
import torch.nn as nn


class LearnedPositional(nn.Module):
    def __init__(self, max_len, dim):
        super().__init__()
        self.pe = nn.Embedding(max_len, dim)

    def forward(self, x):
        positions = torch.arange(x.size(1), requires_grad=True)  # expect: TL105
        return x + self.pe(positions)


layer = LearnedPositional(128, 16)
print(layer(torch.randn(2, 10, 16)).shape)

rng = np.random.default_rng(42)
counts = torch.from_numpy(rng.poisson(lam=3.0, size=(50, 4)))
counts.requires_grad_(True)  # expect: TL105
