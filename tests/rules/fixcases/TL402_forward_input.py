import numpy as np
import torch
import torch.nn as nn


class Regressor(nn.Module):
    def __init__(self):
        super().__init__()
        self.net = nn.Sequential(nn.Linear(3, 8), nn.ReLU(), nn.Linear(8, 1))

    def forward(self, x):
        return self.net(x)


features = np.stack([np.arange(4), np.linspace(0.0, 1.0, 4), np.ones(4)], axis=1) / 2.0
model = Regressor()
pred = model(torch.from_numpy(features))
print(pred.shape)
