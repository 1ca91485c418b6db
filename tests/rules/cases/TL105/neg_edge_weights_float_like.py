import torch
import torch.nn.functional as F


def ring(n):
    edges = [(i, (i + 1) % n) for i in range(n)]
    return torch.tensor(edges).T


def weighted_pairs(n):
    return torch.tensor([(i * 0.5, 1.0) for i in range(n)])


edge_index = ring(6)
edge_logit = torch.ones_like(edge_index[0], dtype=torch.float32, requires_grad=True)
coords = weighted_pairs(6).requires_grad_()
w = torch.sigmoid(edge_logit)
x = torch.randn(6, 4)
out = torch.zeros_like(x).index_add_(0, edge_index[1], x[edge_index[0]] * w[:, None])
(F.mse_loss(out, x) + coords.sum()).backward()
