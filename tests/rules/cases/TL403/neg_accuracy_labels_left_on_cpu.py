"""Validation accuracy with the labels moved to the GPU too."""
import torch
import torch.nn as nn
from torch.utils.data import DataLoader, TensorDataset

DEVICE = "cuda"


@torch.no_grad()
def accuracy(model, loader):
    model.eval()
    correct = total = 0
    for x, y in loader:
        logits = model(x.to(DEVICE))
        correct += (logits.argmax(dim=1) == y.to(DEVICE)).sum().item()
        total += y.numel()
    return correct / total


model = nn.Sequential(nn.Linear(6, 16), nn.ReLU(), nn.Linear(16, 3)).to(DEVICE)
data = TensorDataset(torch.randn(32, 6), torch.randint(0, 3, (32,)))
print(accuracy(model, DataLoader(data, batch_size=8)))
