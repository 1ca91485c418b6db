"""Pruning sensitivity: a float mask per layer kept in a dict, made to require grad."""
import torch
import torch.nn as nn
import torch.nn.functional as F


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc1 = nn.Linear(8, 16)
        self.fc2 = nn.Linear(16, 3)

    def forward(self, x, masks):
        h = F.relu(F.linear(x, self.fc1.weight * masks["fc1"], self.fc1.bias))
        return F.linear(h, self.fc2.weight * masks["fc2"], self.fc2.bias)


def sensitivity(model, x, y, threshold=1e-2):
    masks = {}
    for name in ("fc1", "fc2"):
        layer = getattr(model, name)
        masks[name] = (layer.weight.abs() > threshold).float()
        masks[name].requires_grad = True
    F.cross_entropy(model(x, masks), y).backward()
    return {name: m.grad.abs() for name, m in masks.items()}


print(sensitivity(Net(), torch.randn(4, 8), torch.tensor([0, 1, 2, 0])))
