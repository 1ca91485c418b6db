"""A Trainer's train method loads batches through a numpy helper that converts to float32."""
import numpy as np
import torch
from torch import nn


def normalize_chw(img_hwc, mean, std):
    img = (img_hwc / 255.0 - np.array(mean)) / np.array(std)
    return np.ascontiguousarray(img.transpose(2, 0, 1), dtype=np.float32)


def load_batch(n, rng):
    imgs = [normalize_chw(rng.integers(0, 256, (8, 8, 3)).astype(np.uint8), [0.5] * 3, [0.2] * 3) for _ in range(n)]
    return torch.from_numpy(np.stack(imgs))


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.stem = nn.Sequential(nn.Conv2d(3, 4, 3, padding=1), nn.ReLU())

    def forward(self, x):
        return self.stem(x).mean()


class Trainer:
    def __init__(self):
        self.model = Net()
        self.opt = torch.optim.SGD(self.model.parameters(), lr=0.1)

    def train(self, rng):
        for _ in range(2):
            images = load_batch(2, rng)
            self.opt.zero_grad()
            loss = self.model(images)
            loss.backward()
            self.opt.step()
        return loss.item()


print(Trainer().train(np.random.default_rng(0)))
