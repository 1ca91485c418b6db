"""A normal-estimation network on point patches: the points come from numpy (float64), and
`forward` transposes them for its Conv1d layers."""
import numpy as np
import torch
from torch import nn


class PatchNormalNet(nn.Module):
    def __init__(self, hidden=32):
        super().__init__()
        self.point_mlp = nn.Sequential(nn.Conv1d(3, hidden, 1), nn.ReLU())
        self.head = nn.Linear(hidden, 3)

    def forward(self, patches):
        f = self.point_mlp(patches.transpose(1, 2)).max(dim=2).values
        return self.head(f)


rng = np.random.default_rng(0)
xy = rng.uniform(-1, 1, size=(64, 2))
pts = torch.from_numpy(np.c_[xy, (xy**2).sum(axis=1)])
model = PatchNormalNet()
pred = model(pts.view(8, 8, 3))  # expect: TL402
