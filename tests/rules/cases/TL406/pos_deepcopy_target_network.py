import copy
from copy import deepcopy

import torch
import torch.nn as nn
import torch.nn.functional as F


class QNet(nn.Module):
    def __init__(self, n_obs, n_act):
        super().__init__()
        self.body = nn.Sequential(nn.Linear(n_obs, 32), nn.ReLU(), nn.Linear(32, n_act))

    def forward(self, x):
        return self.body(x)


q_net = QNet(4, 2)
target_net = copy.deepcopy(q_net)
optimizer = torch.optim.Adam(q_net.parameters(), lr=1e-3)
for step in range(3):
    s, a, r, s2 = torch.randn(8, 4), torch.randint(0, 2, (8,)), torch.randn(8), torch.randn(8, 4)
    q = q_net(s).gather(1, a.unsqueeze(1)).squeeze(1)
    target = r + 0.99 * target_net(s2).max(1)[0]
    loss = F.smooth_l1_loss(q, target)  # expect: TL406
    optimizer.zero_grad()
    loss.backward()
    optimizer.step()

student = nn.Linear(4, 3)
teacher = deepcopy(student)
x = torch.randn(5, 4)
distill = F.mse_loss(student(x), teacher(x))  # expect: TL406
