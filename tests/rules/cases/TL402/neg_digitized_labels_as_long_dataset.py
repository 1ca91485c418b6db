"""House price categories from numpy bins, loaded through a TensorDataset as int64 class
indices for CrossEntropyLoss."""
import numpy as np
import torch
import torch.nn as nn
from torch.utils.data import DataLoader, TensorDataset

table = np.random.randn(90, 5)
price_class = np.digitize(table[:, 0] + 0.5 * table[:, 1], [-0.5, 0.5])


def make_loader(x, y, batch_size=30):
    x_t = torch.tensor(x, dtype=torch.float32)
    y_t = torch.tensor(y, dtype=torch.long)
    return DataLoader(TensorDataset(x_t, y_t), batch_size=batch_size, shuffle=True)


model = nn.Sequential(nn.Linear(5, 16), nn.ReLU(), nn.Linear(16, 3))
criterion = nn.CrossEntropyLoss()
optimizer = torch.optim.Adam(model.parameters(), lr=0.01)
for xb, yb in make_loader(table, price_class):
    loss = criterion(model(xb), yb)
    optimizer.zero_grad()
    loss.backward()
    optimizer.step()
