# Registries in two other common shapes: a Registry object with `register(key)` and `build(cfg)`,
# and a plain decorator keyed by the class name.
import torch
import torch.nn as nn


class Registry:
    def __init__(self):
        self._items = {}

    def register(self, key):
        def deco(cls):
            self._items[key] = cls
            return cls

        return deco

    def build(self, cfg):
        return self._items[cfg["type"]](**cfg.get("args", {}))


BACKBONES = Registry()
HEADS = {}


def head(cls):
    HEADS[cls.__name__] = cls
    return cls


@BACKBONES.register("tiny")
class Tiny(nn.Module):
    def __init__(self, width=8):
        super().__init__()
        self.fc = nn.Linear(4, width)

    def forward(self, x):
        return self.fc(x)


@head
class Classifier(nn.Module):
    def __init__(self):
        super().__init__()
        self.out = nn.Linear(8, 2)

    def forward(self, x):
        return self.out(x)


backbone = BACKBONES.build({"type": "tiny", "args": {"width": 8}})
clf = HEADS["Classifier"]()
for p in backbone.parameters():
    p.mul_(0.5)  # expect: TL101
clf.out.bias.zero_()  # expect: TL101
