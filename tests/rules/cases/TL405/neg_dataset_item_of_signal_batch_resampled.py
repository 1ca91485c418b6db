"""A dataset whose items are (C, L) signals, resampled in (N, C, L) groups of one."""
import torch
import torch.nn.functional as F
from torch.utils.data import Dataset


class SignalDataset(Dataset):
    def __init__(self, n, scale):
        self.signals = torch.rand(n, 3, 16, 64)
        self.scale = scale

    def __len__(self):
        return len(self.signals)

    def __getitem__(self, i):
        group = self.signals[i]
        return F.interpolate(group, scale_factor=self.scale, mode="linear")


print(tuple(SignalDataset(2, 0.5)[0].shape))
