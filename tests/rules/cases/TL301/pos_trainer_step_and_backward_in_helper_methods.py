"""A Trainer with gradient accumulation split into helper methods: `micro_step`
backpropagates, `optimizer_step` clips and steps, and nothing ever zeroes the gradients."""
from types import SimpleNamespace

import torch
import torch.nn.functional as F
from torch import nn


class Trainer:
    def __init__(self, model, args):
        self.model, self.args = model, args
        self.opt = torch.optim.SGD(model.parameters(), lr=args.lr)

    def micro_step(self, x, y):
        loss = F.cross_entropy(self.model(x), y) / self.args.accum_steps
        loss.backward()
        return loss.item()

    def optimizer_step(self):
        norm = nn.utils.clip_grad_norm_(self.model.parameters(), self.args.max_grad_norm)
        self.opt.step()  # expect: TL301
        return norm.item()

    def fit(self, data):
        self.model.train()
        it = 0
        for step in range(self.args.opt_steps):
            for _ in range(self.args.accum_steps):
                x, y = data[it % len(data)]
                self.micro_step(x, y)
                it += 1
            print(step, self.optimizer_step())


args = SimpleNamespace(lr=0.1, accum_steps=2, max_grad_norm=1.0, opt_steps=3)
data = [(torch.randn(4, 8), torch.randint(0, 3, (4,))) for _ in range(4)]
Trainer(nn.Linear(8, 3), args).fit(data)
