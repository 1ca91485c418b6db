# The same tags cast to float32 before they become a tensor; a scalar randint seed is no array.
import numpy as np
import torch
import torch.nn as nn

N_TAGS = 5
seed = np.random.randint(0, 1000)
torch.manual_seed(int(seed))
rng_feats = np.random.rand(64, 12).astype(np.float32)
rng_tags = np.random.randint(0, 2, size=(64, N_TAGS)).astype(np.float32)
features = torch.from_numpy(rng_feats)
tags = torch.from_numpy(rng_tags)

model = nn.Sequential(nn.Linear(12, 32), nn.ReLU(), nn.Linear(32, N_TAGS))
criterion = nn.BCEWithLogitsLoss()
optimizer = torch.optim.Adam(model.parameters(), lr=1e-3)
for epoch in range(3):
    optimizer.zero_grad()
    loss = criterion(model(features), tags)
    loss.backward()
    optimizer.step()
