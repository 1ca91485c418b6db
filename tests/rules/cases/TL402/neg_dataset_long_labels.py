# The label column converted to int64 in the dataset, a collate_fn of its own, and labels
# returned as Python ints (default collation makes them int64).
import numpy as np
import torch
from torch import nn
from torch.utils.data import DataLoader, Dataset


class CsvDataset(Dataset):
    def __init__(self, n=64, n_feat=10, n_cls=4):
        rng = np.random.default_rng(1)
        table = rng.normal(size=(n, n_feat + 1)).astype(np.float32)
        table[:, -1] = rng.integers(0, n_cls, size=n)
        self.x = torch.tensor(table[:, :-1])
        self.y = torch.tensor(table[:, -1]).long()

    def __len__(self):
        return len(self.x)

    def __getitem__(self, i):
        return self.x[i], self.y[i]


class IntLabels(CsvDataset):
    def __getitem__(self, i):
        return self.x[i], int(self.y[i])


def collate(batch):
    xs, ys = zip(*batch)
    return torch.stack(xs), torch.tensor(ys).long()


model = nn.Linear(10, 4)
criterion = nn.CrossEntropyLoss()
for loader in (
    DataLoader(CsvDataset(), batch_size=16),
    DataLoader(IntLabels(), batch_size=16),
    DataLoader(CsvDataset(), batch_size=16, collate_fn=collate),
):
    for xb, yb in loader:
        criterion(model(xb), yb).backward()
