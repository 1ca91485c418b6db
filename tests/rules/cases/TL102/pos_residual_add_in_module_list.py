import torch
import torch.nn.functional as F
from torch import nn


class PreNormBlock(nn.Module):
    def __init__(self, dim):
        super().__init__()
        self.norm = nn.LayerNorm(dim)
        self.fc = nn.Linear(dim, dim)

    def forward(self, x):
        h = F.gelu(self.fc(self.norm(x)))
        x += h  # expect: TL102
        return x


class ResidualMLP(nn.Module):
    def __init__(self, dim, n_blocks):
        super().__init__()
        self.inp = nn.Linear(4, dim)
        self.blocks = nn.ModuleList([PreNormBlock(dim) for _ in range(n_blocks)])

    def forward(self, x):
        x = self.inp(x)
        for block in self.blocks:
            x = block(x)
        return x.sum()


model = ResidualMLP(8, 2)
model(torch.randn(3, 4)).backward()
