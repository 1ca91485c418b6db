"""MAML: adapted weights built by a dict comprehension are not leaves; their .grad is None."""
import torch
import torch.nn.functional as F
from torch import nn
from torch.func import functional_call


def inner_adapt(model, params, x, y, lr):
    loss = F.mse_loss(functional_call(model, params, (x,)), y)
    grads = torch.autograd.grad(loss, list(params.values()), create_graph=True)
    return {name: p - lr * g for (name, p), g in zip(params.items(), grads)}


def grad_norms(named):
    return {name: t.grad.norm().item() for name, t in named.items()}  # expect: TL103


model = nn.Linear(1, 1)
params = dict(model.named_parameters())
x, y = torch.randn(5, 1), torch.randn(5, 1)
fast = inner_adapt(model, params, x, y, 0.01)
F.mse_loss(functional_call(model, fast, (x,)), y).backward()
print(grad_norms(fast))
