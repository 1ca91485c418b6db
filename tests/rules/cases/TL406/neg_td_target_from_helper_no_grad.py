"""DQN update without a target network: the helper builds the TD target under no_grad, and a
second helper that returns the prediction itself is no bootstrap."""
import torch
import torch.nn.functional as F
from torch import nn

n_states, n_actions, gamma = 4, 2, 0.99
net = nn.Sequential(nn.Linear(n_states, 32), nn.ReLU(), nn.Linear(32, n_actions))
optimizer = torch.optim.Adam(net.parameters(), lr=1e-3)


@torch.no_grad()
def td_target(rewards, next_states, dones):
    q_next = net(next_states).max(1)[0]
    return rewards + gamma * q_next * (1 - dones)


def chosen_q(states, actions):
    return net(states).gather(1, actions.unsqueeze(1)).squeeze(1)


states, next_states = torch.randn(16, n_states), torch.randn(16, n_states)
actions = torch.randint(0, n_actions, (16,))
rewards, dones = torch.randn(16), torch.zeros(16)
optimizer.zero_grad()
loss = F.mse_loss(chosen_q(states, actions), td_target(rewards, next_states, dones))
loss.backward()
optimizer.step()
print(loss.item())
