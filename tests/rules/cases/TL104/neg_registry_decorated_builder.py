"""Detector pieces built through a registry filled by a decorator; the learned queries are
a leaf (scaled first, requires_grad last), and a decorator the file cannot see is not
followed."""
import functools

import torch
from torch import nn

BUILDERS = {}


def builder(name):
    def deco(fn):
        BUILDERS[name] = fn
        return fn

    return deco


@builder("queries")
def make_query_embed(num_queries, dim):
    return (torch.randn(num_queries, dim) * 0.02).requires_grad_()


@functools.lru_cache(maxsize=None)
def make_scale(dim):
    return torch.ones(dim, requires_grad=True) * 2.0  # never optimised: a constant factor


class Trainer:
    def __init__(self, cfg):
        self.model = nn.Linear(cfg["dim"], 4)
        self.queries = BUILDERS["queries"](cfg["num_queries"], cfg["dim"])
        params = list(self.model.parameters()) + [self.queries]
        self.optimizer = torch.optim.AdamW(params, lr=1e-3)
        self.scale = make_scale(cfg["dim"])


trainer = Trainer({"dim": 8, "num_queries": 6})
print(len(trainer.optimizer.param_groups[0]["params"]), trainer.scale.shape)
