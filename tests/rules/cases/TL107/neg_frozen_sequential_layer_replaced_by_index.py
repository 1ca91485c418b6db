"""A frozen Sequential whose first layer is wrapped in a trainable gain by index assignment."""
import torch
import torch.nn as nn


class Gain(nn.Module):
    def __init__(self, inner):
        super().__init__()
        self.inner = inner
        self.g = nn.Parameter(torch.ones(1))

    def forward(self, x):
        return self.inner(x) * self.g


model = nn.Sequential(nn.Linear(3, 3))
model.requires_grad_(False)
model[0] = Gain(model[0])
model(torch.randn(2, 3)).sum().backward()
print(model[0].g.grad)
