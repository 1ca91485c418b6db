"""Push loss of a discriminative embedding: a hinge on distances between cluster means."""
import torch
import torch.nn.functional as F


def pairwise_dist(a, b):
    return torch.sqrt(((a[:, None, :] - b[None, :, :]) ** 2).sum(-1))  # expect: TL202


def push_loss(means, delta_d=1.5):
    dist = pairwise_dist(means, means)
    off_diag = ~torch.eye(len(means), dtype=torch.bool)
    push = torch.where(off_diag, F.relu(2 * delta_d - dist) ** 2, torch.zeros_like(dist))  # expect: TL202
    return push.sum() / (len(means) * (len(means) - 1))


means = torch.randn(4, 8, requires_grad=True)
push_loss(means).backward()
print("NaN in grad:", torch.isnan(means.grad).any().item())
