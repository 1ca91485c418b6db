"""PEFT-style injection: each Linear is replaced on its parent, found with get_submodule."""
import torch
import torch.nn as nn


class Gain(nn.Module):
    def __init__(self, inner):
        super().__init__()
        self.inner = inner
        self.g = nn.Parameter(torch.ones(1))

    def forward(self, x):
        return self.inner(x) * self.g


model = nn.Sequential(nn.Sequential(nn.Linear(3, 3)))
model.requires_grad_(False)
for name, mod in list(model.named_modules()):
    if isinstance(mod, nn.Linear):
        parent_name, _, child = name.rpartition(".")
        setattr(model.get_submodule(parent_name), child, Gain(mod))
model(torch.randn(2, 3)).sum().backward()
print(model[0][0].g.grad)
