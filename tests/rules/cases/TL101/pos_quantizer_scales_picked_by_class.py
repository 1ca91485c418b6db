"""Learned-step quantizers found by class among a model's modules, their scale clamped
after each step: the scale is a parameter (a leaf that requires grad)."""

import torch
import torch.nn as nn
import torch.nn.functional as F


class StepQuantizer(nn.Module):
    def __init__(self, init_scale=0.1):
        super().__init__()
        self.scale = nn.Parameter(torch.tensor(init_scale))

    def forward(self, x):
        return torch.round(x / self.scale) * self.scale


class QuantMLP(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc1 = nn.Linear(10, 16)
        self.q1 = StepQuantizer()
        self.fc2 = nn.Linear(16, 2)
        self.q2 = StepQuantizer(0.5)

    def forward(self, x):
        return self.fc2(self.q2(F.relu(self.q1(self.fc1(x)))))


def quantizers(model):
    return [m for m in model.modules() if isinstance(m, StepQuantizer)]


model = QuantMLP()
opt = torch.optim.SGD(model.parameters(), lr=0.05)
for step in range(3):
    x, y = torch.randn(8, 10), torch.randint(0, 2, (8,))
    opt.zero_grad()
    F.cross_entropy(model(x), y).backward()
    opt.step()
    for q in quantizers(model):
        s = q.scale
        s.clamp_(min=1e-4)  # expect: TL101


def keep_positive(net):
    for _, m in net.named_modules():
        if isinstance(m, StepQuantizer):
            m.scale.abs_()  # expect: TL101


keep_positive(model)
