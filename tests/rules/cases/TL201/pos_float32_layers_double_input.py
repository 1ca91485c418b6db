# A float32 block of torch.nn layers checked on a float64 input: the first Linear raises on
# the mixed dtypes (the input alone in float64 is not enough).
import torch
import torch.nn as nn
from torch.autograd import gradcheck


class RMSNorm(nn.Module):
    def __init__(self, dim, eps=1e-6):
        super().__init__()
        self.weight = nn.Parameter(torch.ones(dim))
        self.eps = eps

    def forward(self, x):
        return self.weight * x * torch.rsqrt(x.pow(2).mean(-1, keepdim=True) + self.eps)


block = nn.Sequential(nn.Linear(8, 8), RMSNorm(8))
inp = torch.randn(3, 8, dtype=torch.float64, requires_grad=True)
print(gradcheck(block, (inp,)))  # expect: TL201
