"""The same session class switching the model to eval mode on entry and back on exit."""
import torch
import torch.nn as nn
import torch.nn.functional as F


class EvalSession:
    def __init__(self, model):
        self.model = model

    def __enter__(self):
        self.model.eval()
        self._grad = torch.no_grad()
        self._grad.__enter__()
        return self.model

    def __exit__(self, *exc):
        self._grad.__exit__(*exc)
        self.model.train()
        return False


def evaluate(model, x, y):
    with EvalSession(model) as m:
        pred = m(x)
    return F.mse_loss(pred, y).item()


model = nn.Sequential(nn.Linear(8, 16), nn.BatchNorm1d(16), nn.ReLU(), nn.Dropout(0.3), nn.Linear(16, 1))
opt = torch.optim.SGD(model.parameters(), lr=0.1)
x, y = torch.randn(32, 8), torch.randn(32, 1)
for step in range(5):
    opt.zero_grad()
    F.mse_loss(model(x), y).backward()
    opt.step()
print(evaluate(model, x, y))
