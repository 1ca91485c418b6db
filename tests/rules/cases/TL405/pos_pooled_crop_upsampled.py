import torch
import torch.nn.functional as F
from torch.utils.data import Dataset


class PairedSR(Dataset):
    def __init__(self, n=8, size=16, scale=2):
        self.hr = [torch.rand(3, size, size) for _ in range(n)]
        self.scale = scale

    def __len__(self):
        return len(self.hr)

    def __getitem__(self, i):
        hr = self.hr[i]
        lr = F.avg_pool2d(hr, self.scale)
        lr_up = F.interpolate(lr, scale_factor=self.scale)  # expect: TL405
        return lr_up, hr


if __name__ == "__main__":
    lr_up, hr = PairedSR()[0]
    print(lr_up.shape, hr.shape)
