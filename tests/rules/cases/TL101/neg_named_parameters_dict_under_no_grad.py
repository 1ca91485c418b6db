"""Parameters looked up by name in `dict(model.named_parameters())`: one frozen, the others
rescaled in place under no_grad; training goes on with the rest."""
import torch
import torch.nn as nn

model = nn.Sequential(nn.Linear(4, 4), nn.Linear(4, 1))
params = dict(model.named_parameters())
params["0.weight"].requires_grad = False
with torch.no_grad():
    params["1.bias"][:1] = 0.0
    for name, p in params.items():
        p.mul_(0.5)
opt = torch.optim.SGD([p for p in model.parameters() if p.requires_grad], lr=0.1)
opt.zero_grad()
loss = model(torch.randn(3, 4)).sum()
loss.backward()
opt.step()
