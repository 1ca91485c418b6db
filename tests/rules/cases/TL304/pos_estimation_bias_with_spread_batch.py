"""Measuring a dropout critic's estimation bias after fitting it: the batch is a list of
tensors made from numpy arrays and spread into the no_grad evaluation function, with the
critic still in training mode."""
import numpy as np
import torch
import torch.nn.functional as F
from torch import nn


class DroQCritic(nn.Module):
    def __init__(self, obs_dim=4, act_dim=2, hidden=32, p=0.1):
        super().__init__()
        self.net = nn.Sequential(nn.Linear(obs_dim + act_dim, hidden), nn.Dropout(p), nn.ReLU(), nn.Linear(hidden, 1))

    def forward(self, obs, act):
        return self.net(torch.cat([obs, act], -1))


def fit_critic(critic, data, epochs=2):
    opt = torch.optim.Adam(critic.parameters(), lr=1e-3)
    obs, act, ret = data
    for _ in range(epochs):
        loss = F.mse_loss(critic(obs, act), ret)
        opt.zero_grad()
        loss.backward()
        opt.step()


@torch.no_grad()
def estimation_bias(critic, obs, act, mc_returns):
    q_pred = critic(obs, act)  # expect: TL304
    return (q_pred - mc_returns).mean().item()


rng = np.random.default_rng(0)
obs = rng.normal(size=(64, 4)).astype(np.float32)
act = rng.uniform(-1, 1, (64, 2)).astype(np.float32)
ret = -(obs**2).sum(1, keepdims=True).astype(np.float32)
data = [torch.from_numpy(x) for x in (obs, act, ret)]
critic = DroQCritic()
fit_critic(critic, data)
print([estimation_bias(critic, *data) for _ in range(3)])
