import torch
from torch import nn

torch.manual_seed(0)
critic = nn.Sequential(nn.Linear(8, 32), nn.ReLU(), nn.Linear(32, 1))
opt = torch.optim.RMSprop(critic.parameters(), lr=5e-5)
probe = nn.Linear(8, 1)  # fed plain data: its weight is not saved for backward

for step in range(3):
    real, fake = torch.randn(16, 8), torch.randn(16, 8)
    opt.zero_grad()
    loss = critic(fake).mean() - critic(real).mean()
    loss.backward()
    opt.step()
    for p in critic.parameters():
        p.data.clamp_(-0.01, 0.01)
    out = probe(real).sum()
    for p in probe.parameters():
        p.data.mul_(0.99)
    out.backward()
