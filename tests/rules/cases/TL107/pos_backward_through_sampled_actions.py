"""A policy-gradient step written against the sampled action instead of its log-probability:
`sample()` draws outside the graph, so the loss has nothing to backpropagate into."""
import torch
from torch import nn


class GaussianPolicy(nn.Module):
    def __init__(self, obs_dim=4):
        super().__init__()
        self.mu = nn.Linear(obs_dim, 1)
        self.log_std = nn.Parameter(torch.zeros(1))

    def forward(self, obs):
        return torch.distributions.Normal(self.mu(obs), self.log_std.exp())


policy = GaussianPolicy()
opt = torch.optim.SGD(policy.parameters(), lr=1e-2)
obs = torch.randn(16, 4)
dist = policy(obs)
actions = dist.sample()
rewards = -(actions - 1.0).pow(2)
loss = -(actions * rewards).mean()
opt.zero_grad()
loss.backward()  # expect: TL107
opt.step()
