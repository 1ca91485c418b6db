"""A collate function that stacks the items leaves the batch where they are: the CPU."""

import torch
import torch.nn as nn
from torch.utils.data import DataLoader, Dataset

device = torch.device("cuda")
model = nn.Linear(12, 5).to(device)


class Items(Dataset):
    def __init__(self):
        self.x = torch.randn(32, 12)

    def __len__(self):
        return 32

    def __getitem__(self, i):
        return self.x[i]


def collate(samples):
    return torch.stack(samples)


def collate_on_gpu(samples):
    return torch.stack(samples).to(device)


for batch in DataLoader(Items(), batch_size=8, collate_fn=collate):
    out = model(batch)  # expect: TL403
