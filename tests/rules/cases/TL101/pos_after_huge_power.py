# A huge power of a bounded value (inf in float64) before a real in-place write on a leaf.
import torch


def step(x):
    y = x.clamp_min(2.0) ** 1100  # inf in float64: legal
    w = torch.zeros(3, requires_grad=True)
    w.add_(1)  # expect: TL101
    return y


step(torch.rand(5, dtype=torch.float64))
