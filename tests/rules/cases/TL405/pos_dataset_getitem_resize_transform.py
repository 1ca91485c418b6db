# A hand-written dataset (no torch Dataset base) indexed as `ds[j]`: its `__getitem__` hands
# one (C, H, W) image to a resize transform that interpolates it without a batch dimension.
from dataclasses import dataclass

import torch
import torch.nn.functional as F


@dataclass
class SegConfig:
    channels: int = 3
    image_size: tuple = (16, 16)
    raw_size: tuple = (20, 24)


class Resize:
    def __init__(self, size):
        self.size = size

    def __call__(self, img):
        return F.interpolate(img, size=self.size, mode="bilinear", align_corners=False)  # expect: TL405


class ToyDataset:
    def __init__(self, cfg: SegConfig, n=8):
        self.images = torch.rand(n, cfg.channels, *cfg.raw_size)
        self.transform = Resize(cfg.image_size)

    def __len__(self):
        return len(self.images)

    def __getitem__(self, i):
        return self.transform(self.images[i])


def batches(cfg):
    ds = ToyDataset(cfg)
    return [torch.stack([ds[j] for j in range(i, i + 4)]) for i in range(0, len(ds), 4)]


print([b.shape for b in batches(SegConfig())])
