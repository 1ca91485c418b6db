"""The same quantizer scales, clamped under no_grad (or through `.data`): no error."""

import torch
import torch.nn as nn
import torch.nn.functional as F


class StepQuantizer(nn.Module):
    def __init__(self, init_scale=0.1):
        super().__init__()
        self.scale = nn.Parameter(torch.tensor(init_scale))

    def forward(self, x):
        return torch.round(x / self.scale) * self.scale


class Other(nn.Module):
    def __init__(self):
        super().__init__()
        self.scale = nn.Parameter(torch.tensor(1.0))


class QuantMLP(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc1 = nn.Linear(10, 16)
        self.q1 = StepQuantizer()
        self.fc2 = nn.Linear(16, 2)

    def forward(self, x):
        return self.fc2(F.relu(self.q1(self.fc1(x))))


model = QuantMLP()
opt = torch.optim.SGD(model.parameters(), lr=0.05)
for step in range(3):
    x, y = torch.randn(8, 10), torch.randint(0, 2, (8,))
    opt.zero_grad()
    F.cross_entropy(model(x), y).backward()
    opt.step()
    with torch.no_grad():
        for q in [m for m in model.modules() if isinstance(m, StepQuantizer)]:
            q.scale.clamp_(min=1e-4)
    for m in model.modules():
        if isinstance(m, StepQuantizer):
            m.scale.data.clamp_(min=1e-4)
        if isinstance(m, Other):  # no such module in the model
            m.scale.clamp_(min=0.0)
