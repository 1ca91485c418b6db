import torch
import torch.nn as nn


class Scale(nn.Module):
    def __init__(self):
        super().__init__()
        self.weight = nn.Parameter(torch.ones(4))
        self.weight.mul_(0.5)  # expect: TL101

    def forward(self, x):
        return x * self.weight


lin = nn.Linear(3, 2)
lin.weight.normal_()  # expect: TL101
