"""A subclass of nn.Linear built in float64 through *args/**kwargs (review reproducer)."""
import torch
import torch.nn as nn
import torch.nn.functional as F


class NormLinear(nn.Linear):
    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)

    def forward(self, x):
        return F.linear(F.normalize(x, dim=-1), F.normalize(self.weight, dim=-1), self.bias)


head = NormLinear(4, 3, dtype=torch.float64)
x = torch.randn(2, 4, dtype=torch.float64)
print(head(x).dtype)
