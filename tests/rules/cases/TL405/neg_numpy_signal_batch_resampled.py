"""Resampling a batch of multichannel signals (N, C, L) drawn with numpy."""
import numpy as np
import torch
import torch.nn.functional as F

rng = np.random.default_rng(0)
signals = torch.from_numpy(rng.random((3, 16, 64)).astype(np.float32))
half = F.interpolate(signals, scale_factor=0.5)
print(tuple(half.shape))
