import torch as th
import torch.nn.functional as F


def resample_clip(clip, frames, size):
    return F.interpolate(clip[None], size=(frames, size, size), mode="trilinear")[0]


def upsample_maps(maps):
    # (N, C, H, W) feature maps: 2-D resizing of a batch
    return F.interpolate(maps, scale_factor=2, mode="bilinear")


print(resample_clip(th.rand(3, 8, 16, 16), 4, 32).shape)
print(upsample_maps(th.rand(2, 4, 8, 8)).shape)
