import copy

import torch
import torch.nn as nn
import torch.nn.functional as F


def encoder():
    return nn.Sequential(nn.Linear(16, 32), nn.BatchNorm1d(32), nn.ReLU(), nn.Linear(32, 8))


query = encoder()
key = encoder()
key.load_state_dict(query.state_dict())  # the momentum encoder starts as a copy
for p in key.parameters():
    p.requires_grad = False

opt = torch.optim.SGD(query.parameters(), lr=0.1)
for step in range(3):
    x = torch.randn(32, 16)
    x1, x2 = x + 0.1 * torch.randn_like(x), x + 0.1 * torch.randn_like(x)
    q = F.normalize(query(x1), dim=1)
    with torch.no_grad():
        for pq, pk in zip(query.parameters(), key.parameters()):
            pk.mul_(0.99).add_(pq.detach(), alpha=0.01)
        k = F.normalize(key(x2), dim=1)  # BN in training mode on purpose (MoCo/BYOL)
    loss = -(q * k).sum(1).mean()
    opt.zero_grad()
    loss.backward()
    opt.step()
print(loss.item())
