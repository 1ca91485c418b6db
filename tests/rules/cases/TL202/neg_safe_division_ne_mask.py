"""TL202 near-miss: division where the denominator is made safe with torch.where first."""
import torch

num = torch.randn(5, requires_grad=True)
den = torch.tensor([0.0, 1.0, 2.0, 0.0, 4.0], requires_grad=True)
nonzero = den != 0
safe_den = torch.where(nonzero, den, torch.ones_like(den))
ratio = torch.where(nonzero, num / safe_den, torch.zeros_like(num))
ratio.sum().backward()
assert torch.isfinite(num.grad).all() and torch.isfinite(den.grad).all()
print("ok", den.grad)
