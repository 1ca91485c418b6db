# A normalised adjacency computed with numpy is float64; the embedded atoms are float32.
import numpy as np
import torch
import torch.nn as nn
import torch.nn.functional as F


def normalized_adjacency(edges, n):
    a = np.eye(n)
    for i, j in edges:
        a[i, j] = a[j, i] = 1.0
    d = a.sum(1) ** -0.5
    return d[:, None] * a * d[None, :]


class GCN(nn.Module):
    def __init__(self, n_types=5, hidden=16):
        super().__init__()
        self.embed = nn.Embedding(n_types, hidden)
        self.lin = nn.Linear(hidden, hidden)

    def forward(self, adj, atoms):
        h = self.embed(atoms)
        return F.relu(adj @ self.lin(h)).sum(0)  # expect: TL402


adj = torch.from_numpy(normalized_adjacency([(0, 1), (1, 2)], 3))
print(GCN()(adj, torch.tensor([0, 3, 1])))
