"""A2C statistics: the fraction of right moves is the mean of the sampled actions, which
Categorical draws as int64."""
import torch
from torch import nn

policy = nn.Linear(4, 2)
obs = torch.randn(8, 4)
with torch.no_grad():
    actions = torch.distributions.Categorical(logits=policy(obs)).sample()
frac_right = actions.mean().item()  # expect: TL402
