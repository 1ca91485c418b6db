"""TL201/TL402 near-miss: torch.set_default_dtype(torch.float64) makes randn and Linear double."""
import torch
import torch.nn as nn
from torch.autograd import gradcheck

torch.set_default_dtype(torch.float64)
x = torch.randn(4, 3, requires_grad=True)
lin = nn.Linear(3, 2)
assert gradcheck(lin, (x,))
y = torch.randn(3, 2, dtype=torch.float64)
out = x @ y
print("ok", x.dtype, lin.weight.dtype, out.dtype)
