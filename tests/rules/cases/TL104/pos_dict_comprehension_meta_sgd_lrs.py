"""Meta-SGD: per-parameter learning rates made in a dict comprehension, scaled after
requires_grad=True, then handed to the optimizer with the model's parameters."""
import torch
from torch import nn


class MetaSGD:
    def __init__(self, model, init_lr=0.1):
        self.model = model
        self.lrs = {
            name: torch.ones_like(p, requires_grad=True) * init_lr  # expect: TL104
            for name, p in model.named_parameters()
        }

    def parameters(self):
        return list(self.model.parameters()) + list(self.lrs.values())


learner = MetaSGD(nn.Linear(4, 3))
opt = torch.optim.Adam(learner.parameters(), lr=1e-3)
