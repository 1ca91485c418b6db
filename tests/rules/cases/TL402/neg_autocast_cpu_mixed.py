"""TL402 near-miss: bf16 @ fp32 inside CPU autocast (autocast casts both operands)."""
import torch
import torch.nn as nn

a = torch.randn(4, 8).bfloat16()
b = torch.randn(8, 3)
lin = nn.Linear(8, 3)
with torch.autocast("cpu", dtype=torch.bfloat16):
    c = a @ b
    d = torch.mm(a, b)
    e = lin(a)
print("ok", c.dtype, d.dtype, e.dtype)
