import torch
from torch import nn


class GatedBlock(nn.Module):
    def __init__(self, c):
        super().__init__()
        self.filt = nn.Conv1d(c, c, 1)
        self.gate = nn.Conv1d(c, c, 1)

    def gated(self, x):
        act = torch.tanh(self.filt(x))
        gate = torch.sigmoid(self.gate(x))
        act = act * gate
        return act

    def forward(self, x):
        h = self.gated(x)
        return x + h, h


class WaveNetLike(nn.Module):
    def __init__(self, c, levels):
        super().__init__()
        self.blocks = nn.ModuleList(GatedBlock(c) for _ in range(levels))

    def forward(self, x):
        skips = 0
        for blk in self.blocks:
            x, s = blk(x)
            skips = skips + s
        return skips


net = WaveNetLike(4, 3)
net(torch.randn(2, 4, 8)).sum().backward()
