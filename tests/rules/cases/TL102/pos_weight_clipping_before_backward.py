import torch
from torch import nn

critic = nn.Sequential(nn.Linear(8, 32), nn.ReLU(), nn.Linear(32, 1))
real = torch.randn(16, 8)
loss = -critic(real).mean()
with torch.no_grad():
    for p in critic.parameters():
        p.clamp_(-0.01, 0.01)  # expect: TL102
loss.backward()
