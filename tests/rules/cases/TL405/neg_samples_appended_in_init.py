# The same Dataset adding the batch dimension before resizing, and removing it after.
import torch
import torch.nn.functional as F
from torch.utils.data import DataLoader, Dataset


class Crops(Dataset):
    def __init__(self, n: int = 6, size: int = 16):
        self.size = size
        self.samples = []
        for i in range(n):
            img = torch.rand(3, 20 + i, 24 + i)
            self.samples.append((img, i % 2))

    def __len__(self) -> int:
        return len(self.samples)

    def __getitem__(self, idx: int):
        img, label = self.samples[idx]
        img = F.interpolate(img[None], size=(self.size, self.size), mode="bilinear")[0]
        return img, label


for images, labels in DataLoader(Crops(), batch_size=3):
    print(images.shape, labels)
