"""The same forward runner called by an evaluation loop under no_grad, and a saliency
helper that takes input gradients on purpose."""
import torch
from torch import nn

model = nn.Sequential(nn.Linear(6, 16), nn.ReLU(), nn.Linear(16, 3))


def run(net, xb):
    return net(xb.flatten(1))


def saliency(net, xb):
    xb = xb.clone().requires_grad_(True)
    net(xb.flatten(1)).max(1).values.sum().backward()
    return xb.grad.abs()


def evaluate(batches):
    model.eval()
    correct = 0
    with torch.no_grad():
        for xb, yb in batches:
            correct += (run(model, xb).argmax(1) == yb).sum().item()
    return correct


def explain(batches):
    model.eval()
    return [saliency(model, xb) for xb, _ in batches]


data = [(torch.randn(4, 2, 3), torch.randint(0, 3, (4,))) for _ in range(3)]
print(evaluate(data), explain(data)[0].shape)
