"""Reptile-style inner loop: fast weights kept in a dict comprehension, updated by a helper."""
import torch
import torch.nn.functional as F
from torch import nn


def clone_params(model):
    return {n: p.detach().clone().requires_grad_(True) for n, p in model.named_parameters()}


def forward_with(params, x):
    return F.linear(x, params["weight"], params["bias"])


def sgd_step(params, grads, lr):
    for name, g in zip(list(params), grads):
        params[name] -= lr * g  # expect: TL101


model = nn.Linear(3, 1)
fast = clone_params(model)
x, y = torch.randn(8, 3), torch.randn(8, 1)
for _ in range(2):
    loss = F.mse_loss(forward_with(fast, x), y)
    grads = torch.autograd.grad(loss, list(fast.values()))
    sgd_step(fast, grads, 0.1)
print(loss.item())
