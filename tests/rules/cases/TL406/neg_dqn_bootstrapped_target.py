import random

import torch
import torch.nn.functional as F
from torch import nn

GAMMA = 0.99


class Agent:
    def __init__(self, state_dim=4, n_actions=2):
        self.q_net = nn.Sequential(nn.Linear(state_dim, 32), nn.ReLU(), nn.Linear(32, n_actions))
        self.optimizer = torch.optim.Adam(self.q_net.parameters(), lr=1e-3)
        self.memory = []

    def learn(self, batch_size=8):
        batch = random.sample(self.memory, batch_size)
        states, actions, rewards, next_states, dones = (torch.stack(c) for c in zip(*batch))
        q_values = self.q_net(states).gather(1, actions.unsqueeze(1)).squeeze(1)
        with torch.no_grad():
            next_q = self.q_net(next_states).max(1)[0]
        target = rewards + GAMMA * next_q * (1 - dones)
        loss = F.smooth_l1_loss(q_values, target)
        self.optimizer.zero_grad()
        loss.backward()
        self.optimizer.step()
        return loss.item()


agent = Agent()
for _ in range(16):
    s = torch.randn(4)
    agent.memory.append((s, torch.tensor(random.randrange(2)), torch.randn(()), torch.randn(4), torch.tensor(0.0)))
agent.learn()
