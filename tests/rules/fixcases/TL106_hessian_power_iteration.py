import torch
from torch import autograd, nn

torch.manual_seed(0)
model = nn.Sequential(nn.Linear(4, 8), nn.Tanh(), nn.Linear(8, 1))
params = list(model.parameters())
x = torch.randn(16, 4)
loss = model(x).pow(2).mean()
grads = autograd.grad(loss, params, create_graph=True)

v = [torch.randn_like(p) for p in params]
for _ in range(3):
    hv = autograd.grad(grads, params, grad_outputs=v)
    norm = torch.sqrt(sum((h * h).sum() for h in hv))
    v = [h.detach() / norm for h in hv]
print(float(norm))
