"""TL202 near-miss: denominators that cannot be 0 (clamped counts, x.std()+eps, norm.clamp), masked after."""
import torch

x = torch.randn(3, 5, requires_grad=True)
mask = torch.tensor([[1, 1, 0, 0, 0], [0, 0, 0, 0, 0], [1, 1, 1, 1, 1]], dtype=torch.bool)
lengths = mask.sum(1).clamp(min=1)
mean = (x * mask).sum(1) / lengths
mean = torch.where(mask.any(1), mean, torch.zeros_like(mean))
z = x / (x.std(dim=1, keepdim=True) + 1e-5)
z = z.masked_fill(~mask, 0.0)
unit = x / x.norm(dim=1, keepdim=True).clamp(min=1e-8)
unit = unit * mask
bn = (x - x.mean(0)) / torch.sqrt(x.var(0, unbiased=False) + 1e-5)
bn = bn[mask]
(mean.sum() + z.sum() + unit.sum() + bn.sum()).backward()
assert torch.isfinite(x.grad).all()
print("ok")
