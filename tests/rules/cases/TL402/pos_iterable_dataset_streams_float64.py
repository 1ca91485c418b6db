"""An IterableDataset streaming windows of a numpy signal (float64 by default) into a float32 model."""
import numpy as np
import torch
from torch import nn
from torch.utils.data import DataLoader, IterableDataset


class WindowStream(IterableDataset):
    def __init__(self, length=2_000, window=32, seed=0):
        self.length, self.window, self.seed = length, window, seed

    def __iter__(self):
        rng = np.random.default_rng(self.seed)
        signal = np.cumsum(rng.normal(size=self.length))
        for start in range(0, self.length - self.window, self.window):
            yield signal[start : start + self.window]


model = nn.Sequential(nn.Linear(32, 16), nn.Tanh(), nn.Linear(16, 1))
opt = torch.optim.Adam(model.parameters(), lr=1e-3)
for windows in DataLoader(WindowStream(), batch_size=8):
    pred = model(windows)  # expect: TL402
    loss = pred.pow(2).mean()
    opt.zero_grad()
    loss.backward()
    opt.step()
