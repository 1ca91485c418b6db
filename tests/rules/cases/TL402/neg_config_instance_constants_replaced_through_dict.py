"""A Config instance whose numpy mean and std are replaced through its `__dict__` with
float32 arrays: the normalised images stay float32."""
import numpy as np
import torch
from torch import nn


class Config:
    mean = np.array([0.485, 0.456, 0.406])
    std = np.array([0.229, 0.224, 0.225])


cfg = Config()
cfg.__dict__.update(
    mean=np.array([0.5, 0.5, 0.5], dtype=np.float32), std=np.array([0.25, 0.25, 0.25], dtype=np.float32)
)
img = np.random.default_rng(0).random((16, 16, 3), dtype=np.float32)
x = torch.from_numpy(np.ascontiguousarray(((img - cfg.mean) / cfg.std).transpose(2, 0, 1)))
model = nn.Conv2d(3, 8, 3, padding=1)
print(model(x.unsqueeze(0)).dtype)
