"""An inference scope class entering no_grad through an ExitStack (review reproducer)."""
import contextlib

import torch
import torch.nn as nn


class Frozen:
    """Inference scope: eval mode and no autograd, undone on exit."""

    def __init__(self, model):
        self.model = model
        self._stack = contextlib.ExitStack()

    def __enter__(self):
        self.model.eval()
        self._stack.enter_context(torch.no_grad())
        return self.model

    def __exit__(self, *exc):
        self._stack.close()
        self.model.train()
        return False


def embed_all(model, batches):
    with Frozen(model) as m:
        return [m(b) for b in batches]


model = nn.Sequential(nn.Linear(4, 8), nn.Dropout(0.2), nn.Linear(8, 2))
batches = [torch.randn(2, 4) for _ in range(3)]
print(embed_all(model, batches)[0].requires_grad)
