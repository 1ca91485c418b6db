"""The same ELBO with the KL term recomputed inside the loop, from the current posterior."""
import torch
import torch.nn.functional as F
from torch.distributions import Normal, kl_divergence

X = torch.randn(32, 3)
y = (X[:, 0] > 0).float()
mu = torch.zeros(3, requires_grad=True)
log_sigma = torch.full((3,), -1.0, requires_grad=True)
opt = torch.optim.Adam([mu, log_sigma], lr=0.05)
prior = Normal(torch.zeros(3), torch.ones(3))
for step in range(3):
    opt.zero_grad()
    q = Normal(mu, log_sigma.exp())
    kl = kl_divergence(q, prior).sum()
    nll = F.binary_cross_entropy_with_logits(X @ q.rsample(), y, reduction="sum")
    (nll + kl).backward()
    opt.step()
print((nll + kl).item())
