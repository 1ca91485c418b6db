"""Cross layer of a DCN on numpy features made with the legacy module-level sampler."""
import numpy as np
import torch
from torch import nn

raw = np.random.lognormal(size=(32, 6))
X = (np.log1p(raw) - np.log1p(raw.mean(0))) / raw.std(0)
X_t = torch.from_numpy(X)
w = nn.Parameter(torch.randn(6, 1) * 0.1)


def cross_layer(x0, xl, w):
    return x0 * (xl @ w) + xl  # expect: TL402


try:
    cross_layer(X_t, X_t, w).sum().backward()
except RuntimeError as e:
    print("RuntimeError:", e)
