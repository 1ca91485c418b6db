import torch
import torch.nn.functional as F


def paste_and_shrink(img):
    canvas = img.new_zeros(3, 16, 16)
    canvas[:, :8, :8] = img
    return F.interpolate(canvas, scale_factor=0.5)  # expect: TL405


signals = torch.randn(4, 3, 100)
half = F.interpolate(signals.new_zeros(4, 3, 100) + signals, scale_factor=0.5)
small = paste_and_shrink(torch.rand(3, 8, 8))
print(small.shape)  # torch.Size([3, 16, 8]): only the width was resized
