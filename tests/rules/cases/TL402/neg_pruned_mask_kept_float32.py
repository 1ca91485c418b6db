"""The same pruning with the mask cast back to the weight's dtype: no mismatch."""
import numpy as np
import torch
import torch.nn as nn
import torch.nn.functional as F


class MaskedLinear(nn.Linear):
    def __init__(self, n_in, n_out):
        super().__init__(n_in, n_out)
        self.register_buffer("mask", torch.ones_like(self.weight))

    def prune(self, amount):
        w = self.weight.detach().numpy()
        cutoff = np.quantile(np.abs(w), amount)
        keep = (np.abs(w) > cutoff).astype(np.float64)
        self.mask = torch.from_numpy(keep).to(self.weight.dtype)

    def forward(self, x):
        return F.linear(x, self.weight * self.mask, self.bias)


model = nn.Sequential(MaskedLinear(12, 32), nn.ReLU(), MaskedLinear(32, 2))
for layer in model:
    if isinstance(layer, MaskedLinear):
        layer.prune(0.5)
out = model(torch.randn(8, 12))
