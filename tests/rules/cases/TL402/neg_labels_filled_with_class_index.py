"""Labels made with `np.full(n, cls)`: numpy gives the fill value's type, int64, so the
class indices are valid targets; the features are cast to float32."""
import numpy as np
import torch
import torch.nn.functional as F

feats, labels = [], []
for cls in range(3):
    feats.append(np.random.uniform(-1, 1, (8, 5)) + cls)
    labels.append(np.full(8, cls))
x = torch.from_numpy(np.vstack(feats).astype(np.float32))
y = torch.from_numpy(np.concatenate(labels))
w = torch.randn(5, 3, requires_grad=True)
F.cross_entropy(x @ w, y).backward()
