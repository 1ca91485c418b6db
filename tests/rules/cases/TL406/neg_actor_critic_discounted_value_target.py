import torch
import torch.nn.functional as F
from torch import nn
from torch.distributions import Categorical


class ActorCritic(nn.Module):
    def __init__(self, obs=4, actions=2):
        super().__init__()
        self.body = nn.Sequential(nn.Linear(obs, 32), nn.Tanh())
        self.pi = nn.Linear(32, actions)
        self.v = nn.Linear(32, 1)

    def forward(self, s):
        h = self.body(s)
        return Categorical(logits=self.pi(h)), self.v(h).squeeze(-1)


def a2c_loss(dist, action, value, reward, next_value, done, gamma=0.99):
    td_target = reward + gamma * next_value * (1.0 - done)
    advantage = (td_target - value).detach()
    policy_loss = -(dist.log_prob(action) * advantage)
    value_loss = F.mse_loss(value, td_target)
    return policy_loss + 0.5 * value_loss


net = ActorCritic()
opt = torch.optim.Adam(net.parameters(), lr=1e-3)
s = torch.randn(4)
for step in range(3):
    dist, value = net(s)
    action = dist.sample()
    s_next = torch.randn(4)
    with torch.no_grad():
        _, next_value = net(s_next)
    loss = a2c_loss(dist, action, value, 1.0, next_value, 0.0)
    opt.zero_grad()
    loss.backward()
    opt.step()
    s = s_next
