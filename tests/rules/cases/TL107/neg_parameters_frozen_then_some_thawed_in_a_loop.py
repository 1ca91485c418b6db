"""Fine-tuning only the batch-norm affine parameters: every parameter is frozen, then those a
helper collects are turned back on in a loop."""
import torch
import torch.nn.functional as F
from torch import nn


def bn_parameters(model):
    params = []
    for m in model.modules():
        if isinstance(m, nn.BatchNorm2d):
            params += [m.weight, m.bias]
    return params


model = nn.Sequential(nn.Conv2d(3, 8, 3, padding=1), nn.BatchNorm2d(8), nn.ReLU(),
                      nn.AdaptiveAvgPool2d(1), nn.Flatten(), nn.Linear(8, 5))
for p in model.parameters():
    p.requires_grad_(False)
for p in bn_parameters(model):
    p.requires_grad_(True)
opt = torch.optim.SGD(bn_parameters(model), lr=0.1)
loss = F.cross_entropy(model(torch.rand(4, 3, 8, 8)), torch.randint(0, 5, (4,)))
opt.zero_grad()
loss.backward()
opt.step()
print(loss.item())
