# A trainer that logs itself before evaluating in train mode.
import logging

import torch
import torch.nn as nn

log = logging.getLogger(__name__)


class Trainer:
    def __init__(self, model):
        self.model = model
        self.epoch = 0

    def __repr__(self):
        return f"Trainer(epoch={self.epoch})"

    def evaluate(self, xs):
        log.info("evaluating %s", self)
        with torch.no_grad():
            return [self.model(x) for x in xs]  # expect: TL304


model = nn.Sequential(nn.Linear(4, 8), nn.Dropout(0.5), nn.Linear(8, 1))
trainer = Trainer(model)
a = trainer.evaluate([torch.randn(2, 4)])
b = trainer.evaluate([torch.randn(2, 4)])
