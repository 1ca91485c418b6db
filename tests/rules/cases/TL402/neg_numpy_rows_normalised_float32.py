"""Bag-of-words features normalised with numpy, cast to float32 before they meet the model."""

import numpy as np
import torch
import torch.nn as nn

counts = np.random.poisson(1.0, size=(6, 10)).astype(np.float64)
norms = np.maximum(np.linalg.norm(counts, axis=1, keepdims=True), 1e-12)
features = torch.from_numpy((counts / norms).astype(np.float32))
model = nn.Linear(10, 2)
logits = model(features)
ints = np.arange(12).reshape(3, 4)
scale = torch.from_numpy(np.linalg.norm(ints, axis=0)).float()
print(logits.shape, (torch.randn(4) * scale).dtype)
