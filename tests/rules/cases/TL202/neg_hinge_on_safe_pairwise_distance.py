"""Push loss of a discriminative embedding: a hinge on distances between cluster means,
the diagonal made safe before the sqrt."""
import torch
import torch.nn.functional as F


def pairwise_dist(a, b, keep):
    sq = ((a[:, None, :] - b[None, :, :]) ** 2).sum(-1)
    return torch.sqrt(torch.where(keep, sq, torch.ones_like(sq)))


def push_loss(means, delta_d=1.5):
    off_diag = ~torch.eye(len(means), dtype=torch.bool)
    dist = pairwise_dist(means, means, off_diag)
    push = torch.where(off_diag, F.relu(2 * delta_d - dist) ** 2, torch.zeros_like(dist))
    return push.sum() / (len(means) * (len(means) - 1))


means = torch.randn(4, 8, requires_grad=True)
push_loss(means).backward()
print("NaN in grad:", torch.isnan(means.grad).any().item())
