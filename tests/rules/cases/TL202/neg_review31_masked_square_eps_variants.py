# Each entry is (non-negative quantity + eps) under sqrt, so the division is safe; each is flagged.
import torch

x = torch.zeros(2, 3, requires_grad=True)
valid = torch.tensor([[True, True, True], [False, False, False]])
n = valid.sum(-1, keepdim=True).clamp_min(1)
outs = [
    torch.where(valid, x / torch.sqrt(x.pow(2) * valid.float() + 1e-6), 0.0),
    torch.where(valid, x / torch.sqrt(x.pow(2).masked_fill(~valid, 0) + 1e-6), 0.0),
    torch.where(valid, x / torch.sqrt(torch.where(valid, x.pow(2), 0.0) + 1e-6), 0.0),
    torch.where(valid, x / torch.sqrt(x.pow(2).sum(-1, keepdim=True) / n + 1e-6), 0.0),
]
sum(o.sum() for o in outs).backward()
assert torch.isfinite(x.grad).all()
