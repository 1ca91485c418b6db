# strict
"""Course notes that make `x = torch.arange(4)` (int64) require grad: torch raises there
(TL105) and nothing after runs; the backward calls that follow are no second mistake."""
import torch

x = torch.arange(4)
x.requires_grad_(True)  # expect: TL105
y = 2 * torch.dot(x, x)
y.backward()
x.grad.zero_()
z = (x * x).sum()
z.backward()
print(x.grad)
