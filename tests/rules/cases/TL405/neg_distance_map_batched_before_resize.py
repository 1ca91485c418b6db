"""Distance maps made a batch of one before resizing, or resized from a batch of maps."""
import torch
import torch.nn.functional as F


def distance_map(pos, n_rbf=4):
    d = torch.cdist(pos, pos)
    mu = torch.linspace(0.0, 8.0, n_rbf)
    return torch.exp(-((d[None] - mu[:, None, None]) ** 2))


one = F.interpolate(distance_map(torch.randn(9, 3))[None], size=(16, 16), mode="bilinear")
pos = torch.randn(2, 9, 3)
batch = torch.cdist(pos, pos).unsqueeze(1)
many = F.interpolate(batch, size=(16, 16), mode="bilinear")
print(one.shape, many.shape)
