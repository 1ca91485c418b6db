"""A fold's regressor trained on standardised float64 features: a small helper runs the
model on each batch, made float32 like the weights."""
import numpy as np
import torch
from torch import nn


class FoldDataset(torch.utils.data.Dataset):
    def __init__(self, X, y):
        self.X = torch.from_numpy(X).float()
        self.y = torch.from_numpy(y).float()

    def __len__(self):
        return len(self.X)

    def __getitem__(self, i):
        return self.X[i], self.y[i]


def forward_batch(model, xb):
    return model(xb).squeeze(-1)


def train_fold(X, y):
    loader = torch.utils.data.DataLoader(FoldDataset(X, y), batch_size=16, shuffle=True)
    model = nn.Sequential(nn.Linear(X.shape[1], 32), nn.SiLU(), nn.Linear(32, 1))
    opt = torch.optim.Adam(model.parameters(), lr=1e-3)
    for xb, yb in loader:
        loss = nn.functional.mse_loss(forward_batch(model, xb), yb)
        opt.zero_grad()
        loss.backward()
        opt.step()


X = np.random.default_rng(0).normal(size=(64, 5))
train_fold((X - X.mean(0)) / X.std(0), X.sum(1))
