import copy

import torch
import torch.nn as nn
import torch.nn.functional as F

q_net = nn.Sequential(nn.Linear(4, 32), nn.ReLU(), nn.Linear(32, 2))
target_net = copy.deepcopy(q_net)
for p in target_net.parameters():
    p.requires_grad_(False)
optimizer = torch.optim.Adam(q_net.parameters(), lr=1e-3)
for step in range(3):
    s, r, s2 = torch.randn(8, 4), torch.randn(8), torch.randn(8, 4)
    q = q_net(s).max(1)[0]
    target = r + 0.99 * target_net(s2).max(1)[0]
    loss = F.smooth_l1_loss(q, target)
    optimizer.zero_grad()
    loss.backward()
    optimizer.step()

student = nn.Linear(4, 3)
ema = copy.deepcopy(student)
x = torch.randn(5, 4)
with torch.no_grad():
    soft = ema(x)
loss = F.mse_loss(student(x), soft)
loss = loss + F.mse_loss(student(x), ema(x).detach())
loss.backward()
