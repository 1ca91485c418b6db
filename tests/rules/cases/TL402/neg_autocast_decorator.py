"""TL402 near-miss: autocast applied as a decorator / via torch.amp.autocast alias."""
import torch
from torch.amp import autocast

a = torch.randn(3, 4).to(torch.bfloat16)
b = torch.randn(4, 5)


@torch.autocast("cpu", dtype=torch.bfloat16)
def fused(x, y):
    return x @ y


def fused2(x, y):
    with autocast("cpu", dtype=torch.bfloat16):
        return torch.matmul(x, y)


print("ok", fused(a, b).dtype, fused2(a, b).dtype)
