"""Keypoint heatmaps: one uninitialised map per keypoint, a single pixel set at the
keypoint's rounded position, then the whole map used as the regression target."""
import torch
from torch import nn


class HeatmapTargets:
    def __init__(self, size):
        self.size = size

    def __call__(self, keypoints):
        maps = torch.Tensor(len(keypoints), self.size, self.size)  # expect: TL404
        for k, (x, y) in enumerate(keypoints):
            maps[k, round(y * (self.size - 1)), round(x * (self.size - 1))] = 1.0
        return maps


head = nn.Conv2d(3, 2, 1)
images = torch.rand(1, 3, 8, 8)
target = HeatmapTargets(8)([(0.25, 0.5), (0.75, 0.125)])
loss = nn.functional.mse_loss(head(images)[0], target)
loss.backward()
print(loss.item())
