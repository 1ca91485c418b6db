# A CSV-style Dataset whose label column stays float: the DataLoader's label batches are
# float32, and CrossEntropyLoss wants class indices.
import numpy as np
import torch
from torch import nn
from torch.utils.data import DataLoader, Dataset


class CsvDataset(Dataset):
    def __init__(self, n=200, n_feat=10, n_cls=4):
        rng = np.random.default_rng(1)
        table = rng.normal(size=(n, n_feat + 1)).astype(np.float32)
        table[:, -1] = rng.integers(0, n_cls, size=n)
        self.x = torch.tensor(table[:, :-1])
        self.y = torch.tensor(table[:, -1])

    def __len__(self):
        return len(self.x)

    def __getitem__(self, i):
        return self.x[i], self.y[i]


loader = DataLoader(CsvDataset(), batch_size=32, shuffle=True)
model = nn.Linear(10, 4)
criterion = nn.CrossEntropyLoss()
opt = torch.optim.SGD(model.parameters(), lr=0.1)
for xb, yb in loader:
    opt.zero_grad()
    loss = criterion(model(xb), yb)  # expect: TL402
    loss.backward()
    opt.step()
