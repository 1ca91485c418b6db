import torch
import torch.nn.functional as F


def degrade(hr, scale=2):
    lr = F.avg_pool2d(hr.unsqueeze(0), scale)
    return F.interpolate(lr, scale_factor=scale, mode="bicubic").squeeze(0)


def smooth_signal(x, k=4):
    # (N, C, L) audio features: 1-D pooling and 1-D resizing
    pooled = F.avg_pool1d(x, k)
    return F.interpolate(pooled, scale_factor=k, mode="linear")


print(degrade(torch.rand(3, 16, 16)).shape)
print(smooth_signal(torch.randn(2, 8, 64)).shape)
