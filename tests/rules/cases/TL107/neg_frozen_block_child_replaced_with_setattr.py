"""A frozen block's child replaced by setattr with its index name."""
import torch
import torch.nn as nn


class Gain(nn.Module):
    def __init__(self, inner):
        super().__init__()
        self.inner = inner
        self.g = nn.Parameter(torch.ones(1))

    def forward(self, x):
        return self.inner(x) * self.g


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.block = nn.Sequential(nn.Linear(3, 3))

    def forward(self, x):
        return self.block(x)


model = Net()
model.requires_grad_(False)
setattr(model.block, "0", Gain(model.block[0]))
model(torch.randn(2, 3)).sum().backward()
