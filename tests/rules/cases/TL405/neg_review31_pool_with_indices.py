import torch
import torch.nn.functional as F

f = torch.randn(2, 4, 8, 8)
pooled = F.max_pool2d(f, 2, return_indices=True)[0]      # (2, 4, 4, 4): the pooled batch
F.interpolate(pooled, scale_factor=2)
