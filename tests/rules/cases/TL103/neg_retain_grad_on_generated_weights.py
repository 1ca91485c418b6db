"""A hypernetwork keeps the gradients of the weights it generates with retain_grad()."""
import torch
import torch.nn as nn
import torch.nn.functional as F


class HyperNet(nn.Module):
    def __init__(self, z_dim=4, shapes=((8, 3), (8,))):
        super().__init__()
        self.shapes = shapes
        self.numels = [torch.Size(s).numel() for s in shapes]
        self.head = nn.Linear(z_dim, sum(self.numels))

    def forward(self, z):
        flat = self.head(z)
        return [c.view(s) for c, s in zip(torch.split(flat, self.numels), self.shapes)]


hnet = HyperNet()
weights = hnet(torch.randn(4))
for w in weights:
    w.retain_grad()
out = F.linear(torch.randn(5, 3), weights[0], weights[1])
out.pow(2).mean().backward()
print([w.grad.norm().item() for w in weights])
