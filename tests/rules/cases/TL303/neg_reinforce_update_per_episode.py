"""REINFORCE: log-probabilities collected over an episode are stacked into the loss that
is backpropagated, and the lists start anew."""
import torch
import torch.nn as nn

lin = nn.Linear(2, 1)
opt = torch.optim.SGD(lin.parameters(), lr=0.1)
log_probs, rewards = [], []
for t in range(6):
    log_probs.append(lin(torch.randn(1, 2)).sum())
    rewards.append(1.0)
    if t % 3 == 2:
        loss = -(torch.stack(log_probs) * torch.tensor(rewards)).sum()
        opt.zero_grad()
        loss.backward()
        opt.step()
        log_probs, rewards = [], []
print("ok")
