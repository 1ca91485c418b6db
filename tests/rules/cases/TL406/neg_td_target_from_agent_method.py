"""A DDPG variant without a target critic: the agent's own `td_target` method bootstraps
from the online critic, computed without grad."""
import copy

import torch
from torch import nn


class Agent:
    def __init__(self, obs_dim=3, act_dim=1, gamma=0.98):
        self.actor = nn.Sequential(nn.Linear(obs_dim, 16), nn.ReLU(), nn.Linear(16, act_dim), nn.Tanh())
        self.critic = nn.Sequential(nn.Linear(obs_dim + act_dim, 16), nn.ReLU(), nn.Linear(16, 1))
        self.actor_target = copy.deepcopy(self.actor)
        self.actor_target.requires_grad_(False)
        self.gamma = gamma
        self.criterion = nn.MSELoss()
        self.critic_opt = torch.optim.Adam(self.critic.parameters(), lr=1e-3)

    def q(self, obs, act):
        return self.critic(torch.cat([obs, act], -1))

    @torch.no_grad()
    def td_target(self, rew, next_obs, not_done):
        return rew + self.gamma * not_done * self.q(next_obs, self.actor_target(next_obs))

    def critic_step(self, obs, act, rew, next_obs, not_done):
        target_q = self.td_target(rew, next_obs, not_done)
        loss = self.criterion(self.q(obs, act), target_q)
        self.critic_opt.zero_grad()
        loss.backward()
        self.critic_opt.step()
        return loss.item()


agent = Agent()
batch = torch.randn(8, 3), torch.rand(8, 1) * 2 - 1, torch.randn(8, 1), torch.randn(8, 3), torch.ones(8, 1)
print(agent.critic_step(*batch))
