import torch
import torch.nn.functional as F
from torch import nn


def make_bag(n=6, dim=4):
    bag = torch.randn(n, dim)
    label = float(torch.rand(()) < 0.5)
    if label:
        bag[torch.randint(0, n, ())] += 2.0
    return bag, torch.tensor(label)


scorer = nn.Linear(4, 1)
opt = torch.optim.Adam(scorer.parameters())
for _ in range(3):
    bag, label = make_bag()
    logit = scorer(bag).max()
    loss = F.binary_cross_entropy_with_logits(logit, label)
    opt.zero_grad()
    loss.backward()
    opt.step()
