import torch
import torch.nn.functional as F
from torch import nn

# A predictor and a target encoder trained together on purpose: both optimizers step in
# the loop that computes the loss.
online = nn.Linear(8, 4)
target = nn.Linear(8, 4)
opt_online = torch.optim.SGD(online.parameters(), lr=0.1)
opt_target = torch.optim.SGD(target.parameters(), lr=0.1)
x = torch.randn(16, 8)
for step in range(2):
    loss = F.mse_loss(online(x), target(x + 0.1))
    opt_online.zero_grad()
    opt_target.zero_grad()
    loss.backward()
    opt_online.step()
    opt_target.step()
