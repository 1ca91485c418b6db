"""A masked linear layer ported from old code: `reset_parameters` fills the weight, the bias
made with `torch.FloatTensor(n)` is never filled."""
import math

import torch
import torch.nn as nn
import torch.nn.functional as F


class MaskedLinear(nn.Module):
    def __init__(self, in_features, out_features):
        super().__init__()
        self.weight = nn.Parameter(torch.empty(out_features, in_features))
        self.bias = nn.Parameter(torch.FloatTensor(out_features))  # expect: TL404
        self.register_buffer("mask", torch.ones(out_features, in_features))
        self.reset_parameters()

    def reset_parameters(self):
        nn.init.kaiming_uniform_(self.weight, a=math.sqrt(5))

    def set_mask(self, mask):
        self.mask.copy_(mask)

    def forward(self, x):
        return F.linear(x, self.weight * self.mask, self.bias)


layer = MaskedLinear(4, 3)
layer.set_mask(torch.tril(torch.ones(3, 4)))
opt = torch.optim.SGD(layer.parameters(), lr=0.1)
print(layer(torch.randn(2, 4)).sum().item())
