"""A point-cloud upsampler's losses: one distance helper, a hand-written sqrt of a sum of
squares, whose result two losses mask (the diagonal of self-distances). The helper's op is
flagged once, each mask on its own line."""
import torch


def pairwise_distance(pts):
    diff = pts.unsqueeze(2) - pts.unsqueeze(1)
    return torch.sqrt((diff**2).sum(-1))  # expect: TL202


def repulsion_loss(pts, h=0.1):
    n = pts.shape[1]
    dist = pairwise_distance(pts)
    not_self = (~torch.eye(n, dtype=torch.bool)).float()
    return ((h - dist).clamp_min(0) * not_self).sum()  # expect: TL202


def spread_loss(pts):
    n = pts.shape[1]
    dist = pairwise_distance(pts)
    off = ~torch.eye(n, dtype=torch.bool)
    return -dist[:, off].mean()  # expect: TL202


pts = torch.randn(2, 16, 3, requires_grad=True)
(repulsion_loss(pts) + spread_loss(pts)).backward()
print("NaN in grad:", torch.isnan(pts.grad).any().item())
