# loadtxt told its dtype positionally.
import numpy as np
import torch
import torch.nn as nn
import torch.nn.functional as F

feats = torch.from_numpy(np.loadtxt("/tmp/review7/feats.txt", np.float32))
labels = torch.from_numpy(np.loadtxt("/tmp/review7/labels.txt", np.int64).reshape(-1))
model = nn.Linear(4, 3)
loss = F.cross_entropy(model(feats), labels)
loss.backward()
print(feats.dtype, labels.dtype, loss.item())
