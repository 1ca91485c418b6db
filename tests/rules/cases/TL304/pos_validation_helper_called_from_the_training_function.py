"""A training function that validates after each epoch through a helper that never switches
the model to eval mode: the helper's result only goes to a print."""
import torch
import torch.nn.functional as F
from torch import nn


@torch.no_grad()
def predict(model, x):
    return model(x).argmax(1)  # expect: TL304


def fit(model, batches, val_x, val_y, epochs=2):
    opt = torch.optim.SGD(model.parameters(), lr=0.1)
    for epoch in range(epochs):
        for x, y in batches:
            loss = F.cross_entropy(model(x), y)
            opt.zero_grad()
            loss.backward()
            opt.step()
        acc = (predict(model, val_x) == val_y).float().mean()
        print(epoch, acc.item())


model = nn.Sequential(nn.Linear(6, 16), nn.ReLU(), nn.Dropout(0.5), nn.Linear(16, 3))
batches = [(torch.randn(8, 6), torch.randint(0, 3, (8,))) for _ in range(3)]
fit(model, batches, torch.randn(10, 6), torch.randint(0, 3, (10,)))
