import torch
import torch.nn as nn
from torch.autograd import gradcheck


class RMSNorm(nn.Module):
    def __init__(self, dim, eps=1e-6):
        super().__init__()
        self.weight = nn.Parameter(torch.ones(dim))
        self.eps = eps

    def forward(self, x):
        rms = x.pow(2).mean(-1, keepdim=True).add(self.eps).rsqrt()
        return x * rms * self.weight


norm = RMSNorm(8)
inp = torch.randn(2, 8, dtype=torch.double, requires_grad=True)
print(gradcheck(norm, (inp,)))
