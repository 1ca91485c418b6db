"""Parameters made from legacy constructors and filled: by the layer's own
`reset_parameters` (weight and bias), and by an init function applied to the model."""
import math

import torch
import torch.nn as nn
import torch.nn.functional as F


class MaskedLinear(nn.Module):
    def __init__(self, in_features, out_features):
        super().__init__()
        self.weight = nn.Parameter(torch.Tensor(out_features, in_features))
        self.bias = nn.Parameter(torch.FloatTensor(out_features))
        self.reset_parameters()

    def reset_parameters(self):
        nn.init.kaiming_uniform_(self.weight, a=math.sqrt(5))
        bound = 1 / math.sqrt(self.weight.size(1))
        nn.init.uniform_(self.bias, -bound, bound)

    def forward(self, x):
        return F.linear(x, self.weight, self.bias)


class Scale(nn.Module):
    def __init__(self, n):
        super().__init__()
        self.gain = nn.Parameter(torch.FloatTensor(n))

    def forward(self, x):
        return x * self.gain


def init_weights(m):
    if isinstance(m, Scale):
        nn.init.ones_(m.gain)


model = nn.Sequential(MaskedLinear(4, 3), Scale(3))
model.apply(init_weights)
print(model(torch.randn(2, 4)).sum().item())
