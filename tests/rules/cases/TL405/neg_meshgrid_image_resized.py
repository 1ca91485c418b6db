"""A synthetic (3, H, W) test image from a meshgrid, resized as a batch of one."""
import torch
import torch.nn.functional as F


def test_pattern(h=30, w=40):
    yy, xx = torch.meshgrid(torch.linspace(-1, 1, h), torch.linspace(-1, 1, w), indexing="ij")
    return torch.stack([xx, yy, xx * yy])


image = test_pattern()
small = F.interpolate(image[None], size=(16, 16), mode="bilinear", align_corners=False)[0]
print(small.shape)
