"""Per-task codes, made as leaves, optimised in their own param group."""
import torch
import torch.nn as nn


class Trainer:
    def __init__(self, n_tasks=3, dim=4):
        self.net = nn.Linear(dim, 2)
        self.codes = torch.randn(n_tasks, dim, dtype=torch.float64, requires_grad=True)
        self.opt = torch.optim.Adam(
            [{"params": self.net.parameters()}, {"params": [self.codes], "lr": 1e-2}], lr=1e-3
        )


trainer = Trainer()
