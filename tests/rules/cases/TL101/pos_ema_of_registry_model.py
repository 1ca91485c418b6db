# A model built from a decorator registry; its EMA copy is updated in place outside no_grad.
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

    def update(self, model):
        for e, p in zip(self.module.parameters(), model.parameters()):
            e.mul_(self.decay).add_(p.detach(), alpha=1 - self.decay)  # expect: TL101


CONFIG = {"model": "mlp", "args": {"d_in": 6, "n_out": 3}}


class Runner:
    def __init__(self, cfg):
        self.model = MODELS[cfg["model"]](**cfg["args"])
        self.opt = torch.optim.SGD(self.model.parameters(), lr=0.1)
        self.ema = Ema(self.model, 0.9)

    def run(self):
        for _ in range(3):
            x, y = torch.randn(8, 6), torch.randint(0, 3, (8,))
            loss = F.cross_entropy(self.model(x), y)
            self.opt.zero_grad()
            loss.backward()
            self.opt.step()
            self.ema.update(self.model)


Runner(CONFIG).run()
