import numpy as np
import torch
import torch.nn as nn

rng = np.random.default_rng(0)
model = nn.Linear(4, 1)
a = model(torch.from_numpy(rng.standard_normal((8, 4), dtype=np.float32)))
b = model(torch.from_numpy(rng.normal(size=(8, 4)).astype(np.float32)))
c = model(torch.from_numpy(rng.random((8, 4))).float())
idx = torch.from_numpy(rng.integers(0, 8, size=3))
print(a.shape, b.shape, c[idx].shape)
