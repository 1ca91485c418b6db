"""Detector pieces built through a registry filled by a decorator; the learned queries are
scaled after requires_grad=True, then handed to the optimizer."""
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
    queries = torch.randn(num_queries, dim, requires_grad=True) * 0.02  # expect: TL104
    return queries


class Trainer:
    def __init__(self, cfg):
        self.model = nn.Linear(cfg["dim"], 4)
        self.queries = BUILDERS["queries"](cfg["num_queries"], cfg["dim"])
        params = list(self.model.parameters()) + [self.queries]
        self.optimizer = torch.optim.AdamW(params, lr=1e-3)


trainer = Trainer({"dim": 8, "num_queries": 6})
