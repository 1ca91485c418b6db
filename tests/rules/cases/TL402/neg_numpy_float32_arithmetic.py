# numpy arithmetic that keeps float32 (Python scalars do not widen it), or converted.
import numpy as np
import torch
import torch.nn as nn

images = np.random.rand(16, 8).astype(np.float32)
X = torch.from_numpy((images - 0.5) / 0.25)
model = nn.Linear(8, 2)
out = model(X)
feats = np.random.randn(16, 8)
Y = torch.from_numpy((feats - feats.mean(0)) / feats.std(0)).float()
out2 = model(Y)
idx = torch.from_numpy(np.arange(16) // 2)
picked = out[idx]
