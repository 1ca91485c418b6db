"""TL301 near-miss: grads from torch.autograd.grad ASSIGNED to p.grad (overwrites), then opt.step()."""
import torch
import torch.nn as nn

model = nn.Linear(3, 1)
params = list(model.parameters())
opt = torch.optim.Adam(params, lr=1e-2)
for step in range(4):
    loss = model(torch.randn(5, 3)).pow(2).mean()
    grads = torch.autograd.grad(loss, params)
    for p, g in zip(params, grads):
        p.grad = g
    opt.step()
print("ok", loss.item())
