"""BYOL: one loss helper called for both views with the target network's outputs, not
detached: said at the calls, where `.detach()` belongs (the helper is fine)."""
import copy

import torch
import torch.nn.functional as F
from torch import nn


def byol_loss(p, z):
    return F.mse_loss(F.normalize(p, dim=-1), F.normalize(z, dim=-1))


online = nn.Sequential(nn.Linear(8, 16), nn.ReLU(), nn.Linear(16, 8))
predictor = nn.Linear(8, 8)
target = copy.deepcopy(online)
opt = torch.optim.SGD([*online.parameters(), *predictor.parameters()], lr=0.1)
x = torch.randn(4, 8)
v1, v2 = x + 0.1 * torch.randn_like(x), x + 0.1 * torch.randn_like(x)
p1, p2 = predictor(online(v1)), predictor(online(v2))
z1, z2 = target(v1), target(v2)
loss = byol_loss(p1, z2) + byol_loss(p2, z1)  # expect: TL406
opt.zero_grad()
loss.backward()
opt.step()
