"""Short-run Langevin sampling for an energy model: the chain's samples and gradients are
on the CPU, the noise is drawn on the GPU."""
import torch
from torch import nn


def energy_grad(model, x):
    x = x.detach().requires_grad_(True)
    (g,) = torch.autograd.grad(model(x).sum(), x)
    return g


def sgld_chain(model, x, n_steps=5, step_size=0.05, noise_scale=0.005):
    for _ in range(n_steps):
        g = energy_grad(model, x)
        noise = torch.randn(x.shape, device="cuda")
        x = x - step_size * g + noise_scale * noise  # expect: TL403
    return x.detach()


model = nn.Sequential(nn.Linear(2, 32), nn.Softplus(), nn.Linear(32, 1))
samples = sgld_chain(model, torch.rand(32, 2) * 4 - 2)
