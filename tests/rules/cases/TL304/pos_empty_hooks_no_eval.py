# The same trainer with hooks that only log: nothing switches the model to eval mode.
import torch
from torch import nn


class Hooks:
    def on_validation_start(self, trainer): ...

    def on_validation_end(self, trainer, acc):
        print(f"val acc {acc:.3f}")


class Trainer:
    def __init__(self, model, callbacks):
        self.model, self.callbacks = model, callbacks
        self.opt = torch.optim.SGD(model.parameters(), lr=0.1)

    def hook(self, name, *args):
        for cb in self.callbacks:
            getattr(cb, name)(self, *args)

    @torch.no_grad()
    def validate(self, batches):
        self.hook("on_validation_start")
        acc = sum((self.model(x).argmax(1) == y).float().mean().item() for x, y in batches)  # expect: TL304
        self.hook("on_validation_end", acc)
        return acc / len(batches)

    def fit(self, batches, epochs=2):
        self.model.train()
        for _ in range(epochs):
            for x, y in batches:
                self.opt.zero_grad()
                nn.functional.cross_entropy(self.model(x), y).backward()
                self.opt.step()
            print(self.validate(batches))


model = nn.Sequential(nn.Linear(6, 8), nn.Dropout(0.3), nn.Linear(8, 2))
Trainer(model, [Hooks()]).fit([(torch.randn(4, 6), torch.randint(0, 2, (4,)))])
