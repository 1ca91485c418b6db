"""A repulsion term on predicted points: the mean pairwise distance, written by hand, takes
the square root of the zero self-distances; no mask anywhere, yet the gradient is NaN."""
import torch
from torch import nn


class PointHead(nn.Module):
    def __init__(self, n_points=6):
        super().__init__()
        self.n_points = n_points
        self.fc = nn.Linear(8, n_points * 3)

    def forward(self, z):
        return self.fc(z).view(-1, self.n_points, 3)


def spread_loss(points):
    diff = points.unsqueeze(2) - points.unsqueeze(1)
    dist = diff.pow(2).sum(dim=-1).sqrt()  # expect: TL202
    return -dist.mean()


head = PointHead()
opt = torch.optim.SGD(head.parameters(), lr=0.1)
loss = spread_loss(head(torch.randn(2, 8)))
opt.zero_grad()
loss.backward()
print(any(torch.isnan(p.grad).any().item() for p in head.parameters()))
