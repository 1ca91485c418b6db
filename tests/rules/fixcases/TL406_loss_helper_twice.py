import copy

import torch
import torch.nn.functional as F
from torch import nn


def byol_loss(p, z):
    return F.mse_loss(F.normalize(p, dim=-1), F.normalize(z, dim=-1))


online = nn.Linear(8, 8)
target = copy.deepcopy(online)
x = torch.randn(4, 8)
z1, z2 = target(x + 0.1), target(x - 0.1)
loss = byol_loss(online(x - 0.1), z1) + byol_loss(online(x + 0.1), z2)
loss.backward()
assert target.weight.grad is None, "the gradient reached the target network"
