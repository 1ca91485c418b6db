import torch
import torch.nn.functional as F

# (B, C, T) feature sequences; downsample time with a (1, 2) window, upsample back in 1-d
x = torch.randn(4, 16, 100)
h = F.avg_pool2d(x, kernel_size=(1, 2))          # (4, 16, 50): pools the last dim only
up = F.interpolate(h, scale_factor=2, mode="linear", align_corners=False)  # (4, 16, 100)
assert up.shape == x.shape
m = F.max_pool2d(x, (1, 4))
up2 = F.interpolate(m, size=x.shape[-1], mode="linear")
print(up.shape, up2.shape)
