"""The padded WGAN-GP penalty with the norm kept away from 0 before the square root."""
import torch
from torch import nn

critic = nn.Sequential(nn.Linear(3, 32), nn.LeakyReLU(0.2), nn.Linear(32, 1))


def gradient_penalty(real, fake, valid):
    eps = torch.rand(real.size(0), 1)
    mixed = (eps * real + (1 - eps) * fake).requires_grad_(True)
    scores = critic(mixed).squeeze(-1) * valid
    (grads,) = torch.autograd.grad(scores.sum(), mixed, create_graph=True)
    norms = torch.sqrt(grads.pow(2).sum(dim=1) + 1e-12)
    penalty = torch.where(valid, (norms - 1) ** 2, torch.zeros_like(norms))
    return penalty.sum() / valid.sum()


real, fake = torch.randn(8, 3), torch.randn(8, 3)
valid = torch.arange(8) < 5
gradient_penalty(real, fake, valid).backward()
assert torch.isfinite(critic[0].weight.grad).all()
