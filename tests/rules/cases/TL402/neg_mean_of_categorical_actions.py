"""A2C statistics: the sampled int64 actions are converted before averaging; a Normal
policy's float samples average as they are."""
import torch
from torch import nn

policy = nn.Linear(4, 2)
obs = torch.randn(8, 4)
with torch.no_grad():
    actions = torch.distributions.Categorical(logits=policy(obs)).sample()
    moves = torch.distributions.Normal(policy(obs), 1.0).sample()
print(actions.float().mean().item(), moves.mean().item())
