"""A gradient penalty on `.grad` filled by `backward(create_graph=True)`, and a Hutchinson
estimate of the Hessian's trace taken from those gradients: they have graphs of their own."""
import torch
from torch import nn

model = nn.Sequential(nn.Linear(3, 8), nn.Tanh(), nn.Linear(8, 1))
params = list(model.parameters())
x = torch.randn(16, 3)

loss = model(x).pow(2).mean()
loss.backward(create_graph=True)
penalty = sum(p.grad.pow(2).sum() for p in params)
grads = [p.grad for p in params]
vs = [torch.randint_like(p, 2) * 2 - 1 for p in params]
hvs = torch.autograd.grad(grads, params, grad_outputs=vs, retain_graph=True)
trace = sum((h * v).sum() for h, v in zip(hvs, vs))
for p in params:
    p.grad = None
penalty.backward()
print(trace.item(), all(p.grad is not None for p in params))
