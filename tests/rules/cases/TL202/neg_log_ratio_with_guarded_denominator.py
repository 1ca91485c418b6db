"""A log-ratio whose denominator went through the first half of a double where, and whose
numerator is kept away from 0: where the outer where (same condition) discards, the log
sees `num / 1`, finite."""
import torch


def log_ratio(num, den):
    valid = den > 0
    den_safe = torch.where(valid, den, torch.ones_like(den))
    return torch.where(valid, torch.log(num.clamp(min=1e-6) / den_safe), torch.zeros_like(num))


num = torch.tensor([1.0, 2.0, 3.0], requires_grad=True)
den = torch.tensor([0.0, 4.0, 1.5], requires_grad=True)
log_ratio(num, den).sum().backward()
assert torch.isfinite(num.grad).all() and torch.isfinite(den.grad).all()
