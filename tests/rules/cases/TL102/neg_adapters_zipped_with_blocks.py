"""Bottleneck adapters after frozen blocks, zipped, gating out of place."""
import torch
import torch.nn as nn
import torch.nn.functional as F


class Block(nn.Module):
    def __init__(self, dim):
        super().__init__()
        self.ff = nn.Linear(dim, dim)

    def forward(self, x):
        return x + self.ff(x)


class Adapter(nn.Module):
    def __init__(self, dim, bottleneck=4):
        super().__init__()
        self.down = nn.Linear(dim, bottleneck)
        self.up = nn.Linear(bottleneck, dim)
        self.gate = nn.Parameter(torch.zeros(1))

    def forward(self, x):
        h = torch.tanh(self.down(x))
        h = h * torch.sigmoid(self.gate)
        return x + self.up(h)


class Model(nn.Module):
    def __init__(self, dim=8, depth=2):
        super().__init__()
        self.blocks = nn.ModuleList(Block(dim) for _ in range(depth))
        self.adapters = nn.ModuleList([Adapter(dim) for _ in range(depth)])
        self.cls = nn.Linear(dim, 3)

    def forward(self, x):
        for block, adapter in zip(self.blocks, self.adapters):
            x = adapter(block(x))
        return self.cls(x)


model = Model()
loss = F.cross_entropy(model(torch.randn(4, 8)), torch.tensor([0, 1, 2, 0]))
loss.backward()
