"""Star ratings (1..5) as 5-way classes (made int64), batches drawn with np.random.permutation."""
import numpy as np
import torch
from torch import nn

N = 64
side = np.random.randn(N, 4).astype(np.float32)
stars = np.clip(np.round(3 + side[:, 0]), 1, 5).astype(np.float32)
labels = stars - 1


def batches(bs):
    order = np.random.permutation(N)
    for s in range(0, N, bs):
        idx = order[s:s + bs]
        yield torch.from_numpy(side[idx]), torch.from_numpy(labels[idx]).long()


model = nn.Sequential(nn.Linear(4, 16), nn.ReLU(), nn.Linear(16, 5))
criterion = nn.CrossEntropyLoss()
try:
    for xb, yb in batches(16):
        loss = criterion(model(xb), yb)
        loss.backward()
except RuntimeError as e:
    print("RuntimeError:", e)
