"""Safe inputs made with comparison methods (`deg.gt(0)`, `torch.gt(x, 0)`) and with
`masked_fill`, under an outer mask written another way: the log, rsqrt and division see
only values away from 0."""
import torch
import torch.nn.functional as F


def entropy_from_probs(p):
    safe_p = p.masked_fill(p <= 0, 1.0)
    return -torch.where(p > 0, p * safe_p.log(), 0.0).sum(-1)


def kl_hist(p, q):
    ratio = p.masked_fill(p <= 0, 1.0) / q
    return torch.where(p > 0, p * ratio.log(), 0.0).sum(-1)


def inv_sqrt_degree(deg):
    safe = torch.where(deg.gt(0), deg, 1.0)
    return torch.where(deg > 0, safe.rsqrt(), 0.0)


def safe_log(x):
    return torch.where(x > 0, torch.log(torch.where(torch.gt(x, 0), x, 1.0)), 0.0)


logits = torch.randn(4, 6, requires_grad=True)
p = F.relu(logits) / (F.relu(logits).sum(-1, keepdim=True) + 1e-6)
q = F.softmax(torch.randn(4, 6), dim=-1)
deg = F.relu(logits).sum(0)
total = entropy_from_probs(p).sum() + kl_hist(p, q).sum() + inv_sqrt_degree(deg).sum()
total = total + safe_log(logits).sum()
total.backward()
assert torch.isfinite(logits.grad).all()
print(total.item())
