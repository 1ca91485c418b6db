import torch
import torch.nn as nn

upsample = nn.Upsample(size=(64, 64), mode="bilinear", align_corners=False)
feature_map = torch.rand(8, 16, 16)
bigger = upsample(feature_map)
assert bigger.shape == (8, 64, 64), bigger.shape
