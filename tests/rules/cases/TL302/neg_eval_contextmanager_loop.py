import contextlib
import torch
import torch.nn as nn


@contextlib.contextmanager
def evaluating(model):
    model.eval()
    with torch.no_grad():
        yield


model = nn.Linear(3, 3)


def evaluate(batches):
    out = []
    with evaluating(model):
        for x in batches:
            out.append(model(x).sum().item())
    return out


print(evaluate([torch.randn(2, 3)]))
