# Synthetic multi-label data from numpy's legacy randint: int64 0/1 tags for BCE.
import numpy as np
import torch
import torch.nn as nn

N_TAGS = 5
rng_feats = np.random.rand(64, 12).astype(np.float32)
rng_tags = np.random.randint(0, 2, size=(64, N_TAGS))
features = torch.from_numpy(rng_feats)
tags = torch.from_numpy(rng_tags)

model = nn.Sequential(nn.Linear(12, 32), nn.ReLU(), nn.Linear(32, N_TAGS))
criterion = nn.BCEWithLogitsLoss()
optimizer = torch.optim.Adam(model.parameters(), lr=1e-3)
for epoch in range(3):
    optimizer.zero_grad()
    loss = criterion(model(features), tags)  # expect: TL402
    loss.backward()
    optimizer.step()
