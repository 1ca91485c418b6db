import numpy as np
import torch
import torch.nn.functional as F
from torch.utils.data import Dataset


class SegmentationDataset(Dataset):
    def __init__(self, n=4, out_size=(32, 32), seed=0):
        rng = np.random.default_rng(seed)
        self.images = [rng.random((3, 45, 60), dtype=np.float32) for _ in range(n)]
        self.masks = [(rng.random((45, 60)) > 0.7).astype(np.int64) for _ in range(n)]
        self.out_size = out_size

    def __len__(self):
        return len(self.images)

    def __getitem__(self, i):
        image = torch.from_numpy(self.images[i]).unsqueeze(0)
        image = F.interpolate(image, size=self.out_size, mode="bilinear", align_corners=False)[0]
        mask = torch.from_numpy(self.masks[i]).float().unsqueeze(0)
        mask = F.interpolate(mask, size=self.out_size, mode="nearest")  # expect: TL405
        return image, mask.squeeze(0).long()


class Augment:
    def __init__(self, size: int = 48):
        self.size = size

    def __call__(self, arr: np.ndarray) -> torch.Tensor:
        img = torch.from_numpy(arr).permute(2, 0, 1).float().div(255)
        return F.interpolate(img, size=(self.size, self.size), mode="bicubic")  # expect: TL405


ds = SegmentationDataset()
sample = ds[0]
