import numpy as np
import torch
from torch import nn
from torch.utils.data import DataLoader, Dataset


class Rows(Dataset):
    def __init__(self, num, cat):
        self.num = torch.from_numpy(np.asarray(num)).float()
        self.cat = torch.as_tensor(cat, dtype=torch.long)

    def __len__(self):
        return len(self.cat)

    def __getitem__(self, i):
        return self.num[i], self.cat[i]


class Tabular(nn.Module):
    def __init__(self, n_num, sizes, dim=4):
        super().__init__()
        self.embs = nn.ModuleList(nn.Embedding(k, dim) for k in sizes)
        self.head = nn.Linear(2 * n_num + dim * len(sizes), 1)

    def forward(self, num, cat):
        parts = [emb(cat[:, j]) for j, emb in enumerate(self.embs)]
        features = parts + [num]
        features.append(torch.log1p(num.abs()))
        return self.head(torch.cat(features, dim=1))


SIZES = {"region": 5, "job": 4}
model = Tabular(3, list(SIZES.values()))
rows = Rows(np.random.rand(16, 3), np.zeros((16, 2)))
for num, cat in DataLoader(rows, batch_size=4):
    model(num, cat)
