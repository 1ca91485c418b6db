import torch
import torch.nn.functional as F

img = torch.rand(3, 32, 32)
up = F.interpolate(img.unsqueeze(0), size=(64, 64), mode="bilinear").squeeze(0)
batch = torch.rand(8, 3, 32, 32)
b2 = F.interpolate(batch, scale_factor=2)
audio = torch.rand(4, 2, 16000)  # (N, C, L): a 3-D input is a batch of 1-D signals
a2 = F.interpolate(audio, scale_factor=0.5, mode="linear")


def resize(x, size):
    return F.interpolate(x, size=size)
