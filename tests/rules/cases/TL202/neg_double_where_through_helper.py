# The double-where idiom written as a helper taking the mask: the input is made safe where
# the output is discarded, with the same mask.
import torch


def safe_acos(v, mask):
    v_safe = torch.where(mask, v, torch.zeros_like(v))
    return torch.where(mask, torch.acos(v_safe), torch.zeros_like(v))


def safe_log(x, keep):
    x_safe = torch.where(keep, x, torch.ones_like(x))
    return torch.where(keep, torch.log(x_safe), torch.zeros_like(x))


c = torch.linspace(-1.5, 1.5, 31, requires_grad=True)
inside = c.abs() < 1
out = safe_acos(c, inside)
x = torch.randn(100, requires_grad=True)
y = safe_log(x, x > 0)
(out.sum() + y.sum()).backward()
assert torch.isfinite(c.grad).all() and torch.isfinite(x.grad).all()


def masked_log(x, keep):
    # even a singular "safe" value: its NaN gradient stops at the inner where
    x_safe = torch.where(keep, x, torch.zeros_like(x))
    return torch.where(keep, torch.log(x_safe), torch.zeros_like(x))


z = torch.randn(100, requires_grad=True)
masked_log(z, z > 0).sum().backward()
assert not torch.isnan(z.grad).any()
