"""A log-ratio whose denominator went through the first half of a double where: the outer
where with the same condition discards exactly the positions the guard made safe."""
import torch


def log_ratio(num, den):
    valid = den > 0
    den_safe = torch.where(valid, den, torch.ones_like(den))
    return torch.where(valid, torch.log(num / den_safe), torch.zeros_like(num))


num = torch.tensor([1.0, 2.0, 3.0], requires_grad=True)
den = torch.tensor([0.0, 4.0, 1.5], requires_grad=True)
log_ratio(num, den).sum().backward()
assert torch.isfinite(num.grad).all() and torch.isfinite(den.grad).all()
