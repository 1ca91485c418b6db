"""A detector's numpy preprocessing: images normalised with the mean and std of a Config
instance (numpy arrays, float64), stacked and made float32 for the model."""
import numpy as np
import torch
from torch import nn


class Config:
    img_size = 16
    batch_size = 2
    mean = np.array([0.485, 0.456, 0.406])
    std = np.array([0.229, 0.224, 0.225])


def preprocess(img, cfg):
    img = img[:, :, ::-1] / 255.0
    img = (img - cfg.mean) / cfg.std
    return np.ascontiguousarray(img.transpose(2, 0, 1))


def collate(images, cfg):
    return torch.from_numpy(np.stack([preprocess(im, cfg) for im in images])).float()


cfg = Config()
rng = np.random.default_rng(0)
model = nn.Sequential(nn.Conv2d(3, 8, 3, padding=1), nn.ReLU())
imgs = collate([rng.integers(0, 256, (cfg.img_size, cfg.img_size, 3), dtype=np.uint8) for _ in range(2)], cfg)
pred = model(imgs)
