"""A dataset that resizes each (C, H, W) item of a stored image batch."""
import torch
import torch.nn.functional as F
from torch.utils.data import Dataset


class ResizeDataset(Dataset):
    def __init__(self, n, scale, size=16):
        self.images = torch.rand(n, 3, size, size)
        self.scale = scale

    def __len__(self):
        return len(self.images)

    def resize(self, img):
        return F.interpolate(img, scale_factor=self.scale, mode="nearest")  # expect: TL405

    def __getitem__(self, i):
        img = self.images[i]
        if torch.rand(1).item() < 0.5:
            img = img.flip(-1)
        return self.resize(img)


ds = ResizeDataset(4, 0.5)
print(tuple(ds[0].shape), "expected", (3, 8, 8))
