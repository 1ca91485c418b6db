import torch as th
import torch.nn.functional as F


def load_clip(n_frames, h, w):
    return th.rand(3, n_frames, h, w)  # (C, T, H, W)


def resample_clip(clip, frames, size):
    return F.interpolate(clip, size=(frames, size, size), mode="trilinear")  # expect: TL405


if __name__ == "__main__":
    clip = load_clip(8, 16, 16)
    print(resample_clip(clip, 4, 32).shape)
