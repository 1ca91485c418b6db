"""Exact GP marginal likelihood with the Cholesky factor in the graph."""
import math

import torch

X = torch.linspace(0, 5, 30).unsqueeze(-1)
y = torch.sin(X).squeeze(-1) + 0.1 * torch.randn(30)
log_ls = torch.zeros((), requires_grad=True)
log_noise = torch.full((), -2.0, requires_grad=True)
opt = torch.optim.Adam([log_ls, log_noise], lr=0.05)


def rbf(a, b, ls):
    return torch.exp(-0.5 * torch.cdist(a, b) ** 2 / ls**2)


def robust_cholesky(K):
    eye = torch.eye(K.shape[0])
    L, info = torch.linalg.cholesky_ex(K + 1e-6 * eye)
    if info.item() != 0:
        L = torch.linalg.cholesky(K + 1e-3 * eye)
    return L


for step in range(20):
    opt.zero_grad()
    K = rbf(X, X, log_ls.exp()) + log_noise.exp() * torch.eye(30)
    L = robust_cholesky(K)
    alpha = torch.cholesky_solve(y.unsqueeze(-1), L).squeeze(-1)
    nll = 0.5 * y @ alpha + L.diagonal().log().sum() + 0.5 * 30 * math.log(2 * math.pi)
    nll.backward()
    opt.step()
