"""Actor-critic on a point mass: the policy's forward returns a Normal, and the environment
integrates the sampled action into its state. `sample()` draws outside the graph, so the
state keeps no graph from step to step."""
import torch
from torch import nn
import torch.nn.functional as F


class PointMass:
    def reset(self):
        self.pos, self.vel = torch.rand(1) * 2 - 1, torch.zeros(1)
        return torch.cat([self.pos, self.vel])

    def step(self, action):
        self.vel = 0.9 * self.vel + 0.1 * action
        self.pos = self.pos + self.vel
        return torch.cat([self.pos, self.vel]), -self.pos.abs().item()


class Actor(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc = nn.Linear(2, 1)
        self.log_std = nn.Parameter(torch.zeros(1))

    def forward(self, obs):
        return torch.distributions.Normal(torch.tanh(self.fc(obs)), self.log_std.exp())


def main(episodes=2, horizon=10):
    env, actor = PointMass(), Actor()
    critic = nn.Linear(2, 1)
    opt = torch.optim.Adam([*actor.parameters(), *critic.parameters()], lr=1e-2)
    for _ in range(episodes):
        obs = env.reset()
        for t in range(horizon):
            dist = actor(obs)
            action = dist.sample()
            next_obs, reward = env.step(action)
            with torch.no_grad():
                target = reward + 0.95 * critic(next_obs)
            value = critic(obs)
            advantage = (target - value).detach()
            loss = -(dist.log_prob(action) * advantage).sum() + F.mse_loss(value, target)
            opt.zero_grad()
            loss.backward()
            opt.step()
            obs = next_obs
    return env.pos


if __name__ == "__main__":
    print(main())
