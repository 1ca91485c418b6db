# A batch of 3 signals with 16 channels and 100 samples each, (N, C, L): a scalar
# scale_factor resizes L, as intended.
import torch
import torch.nn.functional as F

signals = torch.randn(3, 16, 100)
longer = F.interpolate(signals, scale_factor=2, mode="nearest")
feats = torch.zeros(1, 64, 128)
wider = F.interpolate(feats, scale_factor=0.5, mode="nearest")
print(longer.shape, wider.shape)
