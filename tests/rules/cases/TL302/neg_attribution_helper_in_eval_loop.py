# An evaluation loop calling a helper that needs gradients on purpose (input attribution):
# the helper is not named as evaluation code, and its forward is left alone.
import torch
from torch import nn


def attribution(model, x):
    x = x.clone().requires_grad_(True)
    score = model(x).max(1).values.sum()
    (grad,) = torch.autograd.grad(score, x)
    return grad.abs()


def evaluate(model, loader):
    model.eval()
    maps = [attribution(model, x) for x in loader]
    return torch.stack(maps).mean()


model = nn.Sequential(nn.Linear(5, 7), nn.ReLU(), nn.Linear(7, 3))
print(evaluate(model, [torch.randn(2, 5) for _ in range(3)]))
