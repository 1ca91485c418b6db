"""A radial-basis expansion of float64 distances over an edge list from `nonzero().t()`:
the float32 centres do not pull the (N, K) difference back to float32, and the float32 filter
layer gets float64."""
import torch
from torch import nn


class RBFExpansion(nn.Module):
    def __init__(self, n_rbf=8, cutoff=5.0):
        super().__init__()
        self.register_buffer("mu", torch.linspace(0.0, cutoff, n_rbf))

    def forward(self, d):
        return torch.exp(-((d[:, None] - self.mu) ** 2))


class Potential(nn.Module):
    def __init__(self):
        super().__init__()
        self.rbf = RBFExpansion()
        self.edge_filter = nn.Linear(8, 4)

    def forward(self, pos):
        n = pos.shape[0]
        src, dst = (~torch.eye(n, dtype=torch.bool)).nonzero().t()
        d = (pos[src] - pos[dst]).norm(dim=-1)
        return self.edge_filter(self.rbf(d)).sum()  # expect: TL402


model = Potential()
print(model(torch.rand(5, 3, dtype=torch.float64)))
