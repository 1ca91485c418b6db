import torch
import torch.nn as nn
from torch.distributions import Categorical


class Agent:
    def __init__(self):
        self.policy = nn.Sequential(nn.Linear(4, 32), nn.Tanh(), nn.Linear(32, 2))
        self.optimizer = torch.optim.Adam(self.policy.parameters(), lr=1e-2)

    @torch.no_grad()
    def act(self, obs):
        dist = Categorical(logits=self.policy(obs))
        action = dist.sample()
        return action.item(), dist.log_prob(action)

    def update(self, log_probs, returns):
        loss = -(torch.stack(log_probs) * returns).sum()
        self.optimizer.zero_grad()
        loss.backward()  # expect: TL107
        self.optimizer.step()


agent = Agent()
log_probs = []
for t in range(5):
    action, log_prob = agent.act(torch.randn(4))
    log_probs.append(log_prob)
agent.update(log_probs, torch.randn(5))
