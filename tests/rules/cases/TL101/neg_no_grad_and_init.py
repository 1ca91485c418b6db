import torch
import torch.nn as nn

a = torch.randn(3, requires_grad=True)
with torch.no_grad():
    a.add_(1)
    a[:] = 0

lin = nn.Linear(3, 2)
nn.init.normal_(lin.weight)
nn.init.zeros_(lin.bias)
lin.weight.data.normal_(0, 0.02)
torch.nn.init.kaiming_uniform_(lin.weight)


@torch.no_grad()
def update(param, lr):
    param -= lr * param.grad


with torch.inference_mode():
    a.mul_(2)
