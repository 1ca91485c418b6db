import torch
import torch.nn.functional as F


def ring_of_cliques(n_cliques, size):
    edges = []
    for c in range(n_cliques):
        base = c * size
        edges += [(base + i, base + j) for i in range(size) for j in range(size) if i != j]
        nxt = ((c + 1) % n_cliques) * size
        edges += [(base, nxt), (nxt, base)]
    return torch.tensor(edges).T


edge_index = ring_of_cliques(n_cliques=3, size=4)
edge_logit = torch.ones_like(edge_index[0], requires_grad=True)  # expect: TL105
w = torch.sigmoid(edge_logit)
x = torch.randn(12, 4)
out = torch.zeros_like(x).index_add_(0, edge_index[1], x[edge_index[0]] * w[:, None])
F.mse_loss(out, x).backward()
