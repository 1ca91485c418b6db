# A learnable Box-Cox lambda made safe with the double where, and a robust loss whose
# denominator is clamped away from zero before it is squared.
import torch
from torch import nn


class BoxCox(nn.Module):
    def __init__(self, tol=1e-6):
        super().__init__()
        self.lam = nn.Parameter(torch.zeros(1))
        self.tol = tol

    def forward(self, x):
        near_zero = self.lam.abs() < self.tol
        safe_lam = torch.where(near_zero, torch.ones_like(self.lam), self.lam)
        return torch.where(near_zero, torch.log(x), (x.pow(safe_lam) - 1) / safe_lam)


def tail_penalty(residual):
    a = residual.abs() / 0.5
    return torch.where(a < 10.0, torch.log1p(a**2), 2 * torch.log(a.clamp_min(1.0)) + 1.0 / a.clamp_min(1.0) ** 2)


x = torch.rand(8) + 0.5
r = torch.randn(8, requires_grad=True)
model = BoxCox()
loss = model(x).sum() + tail_penalty(r).sum()
loss.backward()
assert not torch.isnan(model.lam.grad).any() and not torch.isnan(r.grad).any()
