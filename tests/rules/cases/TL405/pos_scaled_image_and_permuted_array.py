# An image read with torchvision and scaled to [0, 1], and a numpy HxWx3 array permuted to
# (C, H, W): both still lack the batch dimension interpolate needs.
import numpy as np
import torch
import torch.nn.functional as F
from torch.utils.data import Dataset
from torchvision.io import read_image


def load_thumbnail(path, factor=0.5):
    img = read_image(path).float() / 255.0
    return F.interpolate(img, scale_factor=factor, mode="nearest")  # expect: TL405


class FolderDataset(Dataset):
    def __init__(self, arrays, size=64):
        self.arrays = arrays
        self.size = size

    def __getitem__(self, idx):
        img = torch.from_numpy(self.arrays[idx]).permute(2, 0, 1).float() / 255.0
        return F.interpolate(img, size=(self.size, self.size))  # expect: TL405
