"""The same meshgrid mask given batch and channel dimensions before it is resized, and a
profile across its rows resampled in 1-D on purpose."""
import torch
import torch.nn.functional as F


def disc_mask(size, radius):
    yy, xx = torch.meshgrid(torch.arange(size), torch.arange(size), indexing="ij")
    inside = (yy - size / 2) ** 2 + (xx - size / 2) ** 2 < radius ** 2
    return inside.float()


mask = disc_mask(32, 8)
small = F.interpolate(mask[None, None], scale_factor=0.5, mode="nearest")[0, 0]
also = F.interpolate(mask.unsqueeze(0).unsqueeze(0), size=(16, 16), mode="bilinear")
profile = F.interpolate(mask.unsqueeze(0), size=(64,), mode="linear")
print(tuple(small.shape), tuple(also.shape), tuple(profile.shape))
