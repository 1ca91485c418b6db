import contextlib
import torch
import torch.nn as nn


@contextlib.contextmanager
def evaluating(model):
    model.eval()
    try:
        with torch.no_grad():
            yield
    finally:
        model.train()


model = nn.Sequential(nn.Linear(3, 3), nn.Dropout(0.1))


def evaluate(batches):
    with evaluating(model):
        return [model(x).sum().item() for x in batches]


print(evaluate([torch.randn(2, 3)]))
