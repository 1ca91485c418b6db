import torch

# symmetric normalisation of a learned adjacency with an isolated node (degree 0)
logits = torch.zeros(4, 4, requires_grad=True)
structure = torch.tensor([[0, 1, 1, 0], [1, 0, 1, 0], [1, 1, 0, 0], [0, 0, 0, 0]]).float()
adj = torch.sigmoid(logits) * structure
deg = adj.sum(dim=1)
d_inv_sqrt = torch.where(deg > 0, deg.pow(-0.5), torch.zeros_like(deg))
norm = d_inv_sqrt.unsqueeze(1) * adj * d_inv_sqrt.unsqueeze(0)
norm.sum().backward()
assert not torch.isnan(logits.grad).any(), f"NaN gradient {logits.grad}"
