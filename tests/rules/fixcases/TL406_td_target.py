import torch
import torch.nn as nn
import torch.nn.functional as F

torch.manual_seed(0)
q_net = nn.Sequential(nn.Linear(4, 16), nn.ReLU(), nn.Linear(16, 2))
states, next_states = torch.randn(8, 4), torch.randn(8, 4)
actions = torch.randint(0, 2, (8,))
rewards, dones = torch.randn(8), torch.zeros(8)

q_values = q_net(states).gather(1, actions.unsqueeze(1)).squeeze(1)
next_q = q_net(next_states).max(1)[0]
target = rewards + 0.99 * next_q * (1 - dones)
loss = F.smooth_l1_loss(q_values, target)
loss.backward()

# The semi-gradient of Q-learning: what the loss gives with the target held fixed.
expected = [p.grad.clone() for p in q_net.parameters()]
q_net.zero_grad()
with torch.no_grad():
    fixed = rewards + 0.99 * q_net(next_states).max(1)[0] * (1 - dones)
F.smooth_l1_loss(q_net(states).gather(1, actions.unsqueeze(1)).squeeze(1), fixed).backward()
for got, want in zip(expected, (p.grad for p in q_net.parameters())):
    assert torch.allclose(got, want), "the gradient also moved the bootstrapped target"
