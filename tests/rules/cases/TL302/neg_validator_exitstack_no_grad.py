"""A validator that enters `torch.no_grad()` through a `contextlib.ExitStack`."""
import contextlib
import torch
import torch.nn as nn


class Validator:
    def run(self, model, batches):
        model.eval()
        with contextlib.ExitStack() as stack:
            stack.enter_context(torch.no_grad())
            return sum(model(x).sum().item() for x in batches)


print("ok", Validator().run(nn.Linear(3, 2), [torch.randn(4, 3)]))
