"""Helpers that switch grad off and back on, in finally or from a saved flag (review reproducer)."""
import contextlib

import torch
import torch.nn as nn

model = nn.Linear(4, 2)
opt = torch.optim.SGD(model.parameters(), lr=0.1)


@contextlib.contextmanager
def frozen():
    torch.set_grad_enabled(False)
    yield
    torch.set_grad_enabled(True)


def evaluate(x):
    prev = torch.is_grad_enabled()
    torch.set_grad_enabled(False)
    out = model(x)
    torch.set_grad_enabled(prev)
    return out


def evaluate2(x):
    torch.set_grad_enabled(False)
    try:
        return model(x)
    finally:
        torch.set_grad_enabled(True)


def set_mode(train):
    model.train(train)
    torch.set_grad_enabled(train)


def train_step(x):
    opt.zero_grad()
    loss = model(x).pow(2).mean()
    loss.backward()
    opt.step()


x = torch.randn(8, 4)
with frozen():
    y = model(x)
train_step(x)
evaluate(x)
train_step(x)
evaluate2(x)
train_step(x)
set_mode(False)
with torch.no_grad():
    model(x)
set_mode(True)
train_step(x)
print("ok")
