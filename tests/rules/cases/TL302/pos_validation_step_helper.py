# A trainer whose validate() sums validation_step() over the loader: the step is named as
# evaluation code and records a graph per batch.
import torch
from torch import nn


class Trainer:
    def __init__(self, model):
        self.model = model
        self.loss_fn = nn.SmoothL1Loss()

    def validation_step(self, x, y):
        preds = self.model(x)  # expect: TL302
        return self.loss_fn(preds, y).item() * x.size(0)

    def validate(self, loader):
        self.model.eval()
        total = sum(self.validation_step(x, y) for x, y in loader)
        self.model.train()
        return total / sum(len(x) for x, _ in loader)


loader = [(torch.randn(4, 6), torch.randn(4, 1)) for _ in range(3)]
print(Trainer(nn.Sequential(nn.Linear(6, 8), nn.Tanh(), nn.Linear(8, 1))).validate(loader))
