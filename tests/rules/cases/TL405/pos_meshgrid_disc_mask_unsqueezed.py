"""A coarse organ mask drawn on a meshgrid and given a channel dimension, then halved
before the refinement net: read as (N=1, C=H, L=W), only its width is halved."""
import torch
import torch.nn.functional as F


def disc_mask(size, radius):
    yy, xx = torch.meshgrid(torch.arange(size), torch.arange(size), indexing="ij")
    inside = (yy - size / 2) ** 2 + (xx - size / 2) ** 2 < radius ** 2
    return inside.float().unsqueeze(0)  # (1, H, W)


def downsample(mask, factor):
    return F.interpolate(mask, scale_factor=factor, mode="nearest")  # expect: TL405


mask = disc_mask(32, 8)
small = downsample(mask, 0.5)
print(tuple(mask.shape), "->", tuple(small.shape))
