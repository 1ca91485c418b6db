"""Meshgrid collocation points converted to float32 (or made float32) before the model."""
import numpy as np
import torch
from torch import nn

X, T = np.meshgrid(np.linspace(-1.0, 1.0, 8), np.linspace(0.0, 1.0, 4), indexing="ij")
pts = torch.from_numpy(np.stack([X.ravel(), T.ravel()], axis=1)).float()
Xf, Tf = np.meshgrid(np.linspace(-1, 1, 8, dtype=np.float32), np.linspace(0, 1, 4, dtype=np.float32))
pts32 = torch.from_numpy(np.stack([Xf.ravel(), Tf.ravel()], axis=1))
net = nn.Sequential(nn.Linear(2, 8), nn.Tanh(), nn.Linear(8, 1))
print(net(pts).shape, net(pts32).shape)
