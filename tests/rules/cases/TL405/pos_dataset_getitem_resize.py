# A Dataset resizing each (C, H, W) image with interpolate: items have no batch dimension.
import torch
import torch.nn.functional as F
from torch.utils.data import DataLoader, Dataset


class Images(Dataset):
    def __init__(self, n=8, size=32):
        self.images = torch.rand(n, 3, 64, 64)
        self.size = size

    def __len__(self):
        return len(self.images)

    def __getitem__(self, i):
        img = self.images[i]
        return F.interpolate(img, size=(self.size, self.size), mode="bilinear")  # expect: TL405


loader = DataLoader(Images(), batch_size=4)
for batch in loader:
    print(batch.shape)
