# The same registry-built model; the EMA update runs under no_grad.
import copy

import torch
import torch.nn as nn
import torch.nn.functional as F

MODELS = {}


def register_model(name):
    def decorator(cls):
        MODELS[name] = cls
        return cls

    return decorator


@register_model("mlp")
class MLP(nn.Module):
    def __init__(self, d_in, n_out):
        super().__init__()
        self.fc = nn.Linear(d_in, n_out)

    def forward(self, x):
        return self.fc(x)


class Ema:
    def __init__(self, model, decay):
        self.module = copy.deepcopy(model)
        self.decay = decay

    @torch.no_grad()
    def update(self, model):
        for e, p in zip(self.module.parameters(), model.parameters()):
            e.mul_(self.decay).add_(p.detach(), alpha=1 - self.decay)


model = MODELS["mlp"](6, 3)
opt = torch.optim.SGD(model.parameters(), lr=0.1)
ema = Ema(model, 0.9)
for _ in range(3):
    loss = F.cross_entropy(model(torch.randn(8, 6)), torch.randint(0, 3, (8,)))
    opt.zero_grad()
    loss.backward()
    opt.step()
    ema.update(model)
