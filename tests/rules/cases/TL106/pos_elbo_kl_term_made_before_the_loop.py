"""Variational logistic regression: the KL term of the ELBO is computed once, before the
optimisation loop, so every step's backward goes through the same graph again."""
import torch
import torch.nn.functional as F
from torch.distributions import Normal, kl_divergence

X = torch.randn(32, 3)
y = (X[:, 0] > 0).float()
mu = torch.zeros(3, requires_grad=True)
log_sigma = torch.full((3,), -1.0, requires_grad=True)
opt = torch.optim.Adam([mu, log_sigma], lr=0.05)
prior = Normal(torch.zeros(3), torch.ones(3))
kl = kl_divergence(Normal(mu, log_sigma.exp()), prior).sum()
for step in range(3):
    opt.zero_grad()
    w = Normal(mu, log_sigma.exp()).rsample()
    nll = F.binary_cross_entropy_with_logits(X @ w, y, reduction="sum")
    (nll + kl).backward()  # expect: TL106
    opt.step()
