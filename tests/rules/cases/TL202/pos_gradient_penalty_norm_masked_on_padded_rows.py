"""A WGAN-GP critic step on fixed-size batches padded with empty rows: the padded rows'
input gradients are exactly 0 (their scores are multiplied by 0), and the square root of
their squared norm is masked out afterwards."""
import torch
from torch import nn


class Critic(nn.Module):
    def __init__(self, dim=3):
        super().__init__()
        self.net = nn.Sequential(nn.Linear(dim, 32), nn.LeakyReLU(0.2), nn.Linear(32, 1))

    def forward(self, x):
        return self.net(x).squeeze(-1)


def gradient_penalty(critic, real, fake, valid):
    eps = torch.rand(real.size(0), 1)
    mixed = (eps * real + (1 - eps) * fake).requires_grad_(True)
    scores = critic(mixed) * valid
    (grads,) = torch.autograd.grad(scores.sum(), mixed, create_graph=True)
    norms = grads.pow(2).sum(dim=1).sqrt()
    penalty = torch.where(valid, (norms - 1) ** 2, torch.zeros_like(norms))  # expect: TL202
    return penalty.sum() / valid.sum()


critic = Critic()
real, fake = torch.randn(8, 3), torch.randn(8, 3)
valid = torch.arange(8) < 5
gradient_penalty(critic, real, fake, valid).backward()
print(torch.isnan(critic.net[0].weight.grad).any())
