"""Double where written with a 0/1 float mask: the input made safe where `m.bool()` holds (or
does not), the result multiplied by `m` or by its complement `1 - m`."""
import torch

x = torch.randn(6, requires_grad=True)
m = (x > 0).float()
safe = torch.where(m.bool(), x, torch.ones_like(x))
y = (torch.sqrt(safe) * m).sum()
z = (torch.sqrt(torch.where(m.bool(), torch.ones_like(x), x.abs())) * (1 - m)).sum()
(y + z).backward()
print(torch.isfinite(x.grad).all())
