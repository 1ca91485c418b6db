"""Segmentation with rotation augmentation: the rotated label map is turned back into class
indices before CrossEntropyLoss."""
import math

import torch
import torch.nn.functional as F
from torch import nn


def random_rotate(img, mask, max_deg):
    ang = (torch.rand(img.shape[0]) * 2 - 1) * math.radians(max_deg)
    cos, sin = torch.cos(ang), torch.sin(ang)
    zero = torch.zeros_like(cos)
    theta = torch.stack([torch.stack([cos, -sin, zero], 1), torch.stack([sin, cos, zero], 1)], 1)
    grid = F.affine_grid(theta, img.shape, align_corners=False)
    img = F.grid_sample(img, grid, mode="bilinear", align_corners=False)
    mask = F.grid_sample(mask[:, None].float(), grid, mode="nearest", align_corners=False)[:, 0]
    return img, mask.long()


model = nn.Sequential(nn.Conv2d(1, 8, 3, padding=1), nn.ReLU(), nn.Upsample(scale_factor=1), nn.Conv2d(8, 4, 1))
criterion = nn.CrossEntropyLoss()
x, y = torch.randn(2, 1, 16, 16), torch.randint(0, 4, (2, 16, 16))
xb, yb = random_rotate(x, y, 15.0)
loss = criterion(model(xb), yb)
loss.backward()
print(loss.item())
