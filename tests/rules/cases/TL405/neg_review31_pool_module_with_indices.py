import torch
import torch.nn as nn
import torch.nn.functional as F

pool = nn.MaxPool2d(2, return_indices=True)     # returns (output, indices)
f = torch.randn(2, 4, 8, 8)
coarse = pool(f)[0]                             # (2, 4, 4, 4): the pooled batch
F.interpolate(coarse, scale_factor=2)
