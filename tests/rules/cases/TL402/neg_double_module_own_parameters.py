# `.double()` converts the module's own parameters too: float64 inputs match them.
import torch
from torch import nn


class Bilinear(nn.Module):
    def __init__(self, n):
        super().__init__()
        self.w = nn.Parameter(torch.randn(n, n))
        self.register_buffer("mask", torch.ones(n, n))

    def forward(self, x, y):
        return ((x @ (self.w * self.mask)) * y).sum(-1)


model = Bilinear(4).double()
x = torch.randn(3, 4, dtype=torch.float64)
out = model(x, x)
out.sum().backward()
