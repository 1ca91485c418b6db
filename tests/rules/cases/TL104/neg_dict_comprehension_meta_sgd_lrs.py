"""Meta-SGD: the per-parameter learning rates are leaves (scaled first, requires_grad last)."""
import torch
from torch import nn


class MetaSGD:
    def __init__(self, model, init_lr=0.1):
        self.model = model
        self.lrs = {
            name: (torch.ones_like(p) * init_lr).requires_grad_()
            for name, p in model.named_parameters()
        }
        self.scaled = {name: lr * 2 for name, lr in self.lrs.items()}  # derived, never optimised

    def parameters(self):
        return list(self.model.parameters()) + list(self.lrs.values())


learner = MetaSGD(nn.Linear(4, 3))
opt = torch.optim.Adam(learner.parameters(), lr=1e-3)
print(len(opt.param_groups[0]["params"]))
