"""Soft precision and recall with the double where written inline: each condition
(`tp + fp != 0`, `x.gt(0)`, `v.pow(2).sum(-1) > EPS`) is written out again for the outer
where, over the same tensors."""
import torch

EPS = 1e-12


def precision_recall(tp, fp, fn):
    precision = torch.where(tp + fp != 0, tp / torch.where(tp + fp != 0, tp + fp, 1.0), 0.0)
    recall = torch.where(tp + fn != 0, tp / torch.where(tp + fn != 0, tp + fn, 1.0), 0.0)
    return precision, recall


def safe_root(x):
    return torch.where(x.gt(0), torch.sqrt(torch.where(x.gt(0), x, 1.0)), 0.0)


def safe_norm(v):
    safe = torch.where(v.pow(2).sum(-1) > EPS, v.pow(2).sum(-1), 1.0)
    return torch.where(v.pow(2).sum(-1) > EPS, torch.sqrt(safe), 0.0)


scores = torch.rand(8, 3, requires_grad=True)
labels = (torch.rand(8, 3) > 0.5).float()
tp = (scores * labels).sum(0)
fp = (scores * (1 - labels)).sum(0)
fn = ((1 - scores) * labels).sum(0)
p, r = precision_recall(tp, fp, fn)
v = torch.zeros(4, 2, requires_grad=True)
total = p.sum() + r.sum() + safe_root(scores - 0.5).sum() + safe_norm(v).sum()
total.backward()
assert torch.isfinite(scores.grad).all() and torch.isfinite(v.grad).all()
print(total.item())
