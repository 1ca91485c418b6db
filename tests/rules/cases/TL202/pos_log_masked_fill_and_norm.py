import torch
import torch.nn.functional as F


def entropy(p):
    plogp = p * torch.log(p)
    return -torch.where(p > 0, plogp, torch.zeros_like(p)).sum()  # expect: TL202


def pairwise(a, b):
    d = torch.sqrt(((a[:, None] - b[None]) ** 2).sum(-1))
    return d.masked_fill(d == 0, 0.0)  # expect: TL202


logits = torch.randn(4, 5, requires_grad=True)
probs = F.softmax(logits, dim=-1)
ent = entropy(probs)
points = torch.randn(6, 3, requires_grad=True)
dist = pairwise(points, points)
