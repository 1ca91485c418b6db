"""An IterableDataset streaming float32 windows of a numpy signal; batch_size=None hands each block over as it is."""
import numpy as np
import torch
from torch import nn
from torch.utils.data import DataLoader, IterableDataset


class BlockStream(IterableDataset):
    def __init__(self, length=2_000, window=32, seed=0):
        self.length, self.window, self.seed = length, window, seed

    def __iter__(self):
        rng = np.random.default_rng(self.seed)
        signal = np.cumsum(rng.normal(size=self.length)).astype(np.float32)
        for start in range(0, self.length - 8 * self.window, 8 * self.window):
            yield signal[start : start + 8 * self.window].reshape(8, self.window)


model = nn.Sequential(nn.Linear(32, 16), nn.Tanh(), nn.Linear(16, 1))
opt = torch.optim.Adam(model.parameters(), lr=1e-3)
for block in DataLoader(BlockStream(), batch_size=None):
    pred = model(block)
    loss = pred.pow(2).mean()
    opt.zero_grad()
    loss.backward()
    opt.step()
print(block.dtype, block.shape)
