import torch
import torch.nn.functional as F
from torch import nn


class StepQuantizer(nn.Module):
    def __init__(self):
        super().__init__()
        self.step = nn.Parameter(torch.tensor(0.1))

    def forward(self, x):
        return torch.round(x / self.step) * self.step


class QNet(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc = nn.Linear(8, 4)
        self.q = StepQuantizer()

    def forward(self, x):
        return self.fc(self.q(x))


def quantizers(model):
    for m in model.modules():
        if isinstance(m, StepQuantizer):
            yield m


@torch.no_grad()
def keep_positive(model, floor=1e-4):
    for q in quantizers(model):
        q.step.clamp_(min=floor)


model = QNet()
opt = torch.optim.SGD(model.parameters(), lr=0.1)
for _ in range(2):
    opt.zero_grad()
    F.mse_loss(model(torch.randn(3, 8)), torch.zeros(3, 4)).backward()
    opt.step()
    keep_positive(model)
