"""Magnitude pruning with a mask applied in place under no_grad to a subclass of nn.Conv2d."""
import torch
from torch import nn


class PrunedConv(nn.Conv2d):
    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.register_buffer("mask", torch.ones_like(self.weight))

    def prune(self, amount):
        k = int(amount * self.weight.numel())
        threshold = self.weight.abs().flatten().kthvalue(k).values
        self.mask = (self.weight.abs() > threshold).float()
        with torch.no_grad():
            self.weight.mul_(self.mask)


conv = PrunedConv(3, 8, kernel_size=3)
conv.prune(0.5)
out = conv(torch.randn(1, 3, 8, 8))
out.mean().backward()
