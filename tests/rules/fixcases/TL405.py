import torch
import torch.nn.functional as F

img = torch.rand(3, 32, 32)
up = F.interpolate(img, size=(64, 64))
assert up.shape == (3, 64, 64), up.shape
