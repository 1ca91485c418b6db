import torch
from torch import nn

torch.manual_seed(0)
critic = nn.Sequential(nn.Linear(8, 32), nn.ReLU(), nn.Linear(32, 1))
opt = torch.optim.RMSprop(critic.parameters(), lr=5e-5)


def apply_max_norm(net, max_norm):
    for name, p in net.named_parameters():
        if name.endswith("weight"):
            p.data.renorm_(2, 0, max_norm)  # expect: TL108


for step in range(3):
    real, fake = torch.randn(16, 8), torch.randn(16, 8)
    opt.zero_grad()
    loss = critic(fake).mean() - critic(real).mean()
    apply_max_norm(critic, 1.0)
    loss.backward()
    opt.step()


gen_critic = nn.Sequential(nn.Linear(8, 32), nn.ReLU(), nn.Linear(32, 1))
loss = -gen_critic(torch.randn(16, 8)).mean()
for p in gen_critic.parameters():
    p.data.clamp_(-0.01, 0.01)  # expect: TL108
loss.backward()
