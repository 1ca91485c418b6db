# A Dataset rendering square (3, size, size) images and rescaling them for augmentation.
import random

import torch
import torch.nn.functional as F
from torch.utils.data import Dataset


class Shapes(Dataset):
    def __init__(self, n: int = 16, size: int = 32):
        self.n, self.size = n, size
        self.rng = random.Random(0)

    def __len__(self) -> int:
        return self.n

    def render(self, label: int) -> torch.Tensor:
        img = torch.zeros(3, self.size, self.size)
        c = self.size // 2
        img[:, c - 4 : c + 4, :] = 1.0 if label else 0.5
        return img

    def __getitem__(self, i: int):
        img = self.render(i % 2)
        scale = self.rng.choice((0.5, 0.75))
        img = F.interpolate(img, scale_factor=scale, mode="nearest")  # expect: TL405
        return img, i % 2


print(Shapes()[0][0].shape)
