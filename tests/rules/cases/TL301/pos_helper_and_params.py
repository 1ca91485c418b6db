import torch
import torch.nn as nn


def train_step(model, batch, target, opt, criterion):
    out = model(batch)
    loss = criterion(out, target)
    loss.backward()
    opt.step()  # expect: TL301
    return loss.item()


def fit(model: nn.Module, loader, opt, epochs: int = 3):
    criterion = nn.MSELoss()
    for _ in range(epochs):
        for batch, target in loader:
            train_step(model, batch, target, opt, criterion)
