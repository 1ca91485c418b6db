import torch
import torch.nn.functional as F
from torch import nn


class Block(nn.Module):
    def __init__(self, c):
        super().__init__()
        self.conv = nn.Conv1d(c, c, 3, padding=1)
        self.norm = nn.BatchNorm1d(c)

    def forward(self, x):
        skip = self.conv(x)
        res = F.relu(self.norm(skip), inplace=True)
        out = x.clone()
        out += res
        return out, skip


class Stack(nn.Module):
    def __init__(self, c, depth):
        super().__init__()
        self.blocks = nn.ModuleList(Block(c) for _ in range(depth))
        self.head = nn.Linear(c, 1)

    def forward(self, x):
        skips = torch.zeros_like(x)
        for blk in self.blocks:
            x, s = blk(x)
            skips += s
        return self.head(skips.mean(-1))


model = Stack(4, 3)
opt = torch.optim.Adam(model.parameters())
for step in range(3):
    opt.zero_grad()
    loss = model(torch.randn(2, 4, 10)).pow(2).mean()
    loss.backward()
    opt.step()
