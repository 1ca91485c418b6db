"""TL202 near-miss: double-where with `!=` / abs() > eps masks for sqrt, log and division."""
import torch

x = torch.tensor([0.0, 1.0, 4.0, 0.0], requires_grad=True)
ok = x != 0
sx = torch.where(ok, x, torch.ones_like(x))
a = torch.where(ok, torch.sqrt(sx), torch.zeros_like(x))
b = torch.where(ok, torch.log(sx), torch.zeros_like(x))
d = torch.tensor([0.0, 2.0, -1.0, 1e-9], requires_grad=True)
big = d.abs() > 1e-6
sd = torch.where(big, d, torch.ones_like(d))
c = torch.where(big, 1.0 / sd, torch.zeros_like(d))
pos = d > 0
sp = torch.where(pos, d, torch.ones_like(d))
e = torch.where(pos, x / sp, torch.zeros_like(x))
(a + b + c + e).sum().backward()
assert torch.isfinite(x.grad).all() and torch.isfinite(d.grad).all()
print("ok", x.grad, d.grad)
