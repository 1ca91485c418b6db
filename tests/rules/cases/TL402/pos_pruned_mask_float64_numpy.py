"""Magnitude pruning: the mask is rebuilt with numpy in float64, so weight * mask is float64
and the float32 batch no longer matches it (the layer found by isinstance in a loop)."""
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
        self.mask = torch.from_numpy((np.abs(w) > cutoff).astype(np.float64))

    def forward(self, x):
        return F.linear(x, self.weight * self.mask, self.bias)  # expect: TL402


model = nn.Sequential(MaskedLinear(12, 32), nn.ReLU(), MaskedLinear(32, 2))
for layer in model:
    if isinstance(layer, MaskedLinear):
        layer.prune(0.5)
out = model(torch.randn(8, 12))
