"""Per-task codes optimised in their own param group with a larger learning rate."""
import torch
import torch.nn as nn


class Trainer:
    def __init__(self, n_tasks=3, dim=4):
        self.net = nn.Linear(dim, 2)
        self.codes = torch.randn(n_tasks, dim, requires_grad=True).double()  # expect: TL104
        self.opt = torch.optim.Adam(
            [{"params": self.net.parameters()}, {"params": [self.codes], "lr": 1e-2}], lr=1e-3
        )


trainer = Trainer()
