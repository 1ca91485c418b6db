"""Star ratings (1-5) derived with numpy rounding, used as class indices."""
import numpy as np
import torch
import torch.nn.functional as F
from torch import nn
from torch.utils.data import DataLoader, TensorDataset


def load(n=40, dim=8):
    rng = np.random.default_rng(0)
    emb = rng.normal(size=(n, dim)).astype(np.float32)
    stars = np.clip(np.round(emb[:, 0] * 1.5 + 3), 1, 5)
    return emb, stars


emb, stars = load()
data = TensorDataset(torch.from_numpy(emb), torch.from_numpy(stars - 1))
model = nn.Linear(8, 5)
opt = torch.optim.SGD(model.parameters(), lr=0.1)
for xb, yb in DataLoader(data, batch_size=8):
    loss = F.cross_entropy(model(xb), yb)  # expect: TL402
    opt.zero_grad()
    loss.backward()
    opt.step()
