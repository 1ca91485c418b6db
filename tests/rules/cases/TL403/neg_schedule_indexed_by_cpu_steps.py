"""Conditional diffusion: the schedule is made on the data's device; CPU timesteps index it."""
import torch
import torch.nn.functional as F
from torch import nn

device = "cuda" if torch.cuda.is_available() else "cpu"


def precompute_schedule(T):
    betas = torch.linspace(1e-4, 0.02, T, device=device)
    acp = torch.cumprod(1 - betas, dim=0)
    return {"sqrt_acp": acp.sqrt(), "sqrt_1m_acp": (1 - acp).sqrt()}


def add_noise(sched, x0, t, noise):
    a = sched["sqrt_acp"][t].unsqueeze(-1)
    b = sched["sqrt_1m_acp"][t].unsqueeze(-1)
    return a * x0 + b * noise


def train(T=50, steps=2):
    sched = precompute_schedule(T)
    model = nn.Linear(4, 4).to(device)
    opt = torch.optim.Adam(model.parameters(), lr=1e-3)
    for _ in range(steps):
        x0 = torch.randn(16, 4, device=device)
        t = torch.randint(0, T, (16,))
        noise = torch.randn_like(x0)
        loss = F.mse_loss(model(add_noise(sched, x0, t, noise)), noise)
        opt.zero_grad()
        loss.backward()
        opt.step()
    return loss.item()


print(train())
