"""An evaluator that keeps its `torch.no_grad()` guard as an attribute and enters it with
`with self.guard:`."""
import torch
import torch.nn as nn


class Evaluator:
    def __init__(self):
        self.guard = torch.no_grad()

    def __call__(self, model, batches):
        model.eval()
        with self.guard:
            return [model(x).argmax(-1) for x in batches]


print("ok", Evaluator()(nn.Linear(3, 2), [torch.randn(4, 3)])[0].shape)
