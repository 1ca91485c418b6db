"""Resizing helpers that unpack (C, H, W) or (N, C, H, W) shapes on their own path (review reproducer)."""
import torch
import torch.nn.functional as F


def upscale(img):
    try:
        c, h, w = img.shape
        return F.interpolate(img[None], size=(2 * h, 2 * w), mode="bilinear")[0]
    except ValueError:
        n, c, h, w = img.shape
        return F.interpolate(img, size=(2 * h, 2 * w), mode="bilinear")


def upscale2(img):
    if img.ndim == 3:
        c, h, w = img.shape
        return F.interpolate(img[None], size=(2 * h, 2 * w), mode="bilinear")[0]
    n, c, h, w = img.shape
    return F.interpolate(img, size=(2 * h, 2 * w), mode="bilinear")


def upscale3(img):
    if len(img.shape) == 3:
        c, h, w = img.shape
        img = img[None]
    else:
        n, c, h, w = img.shape
    return F.interpolate(img, size=(2 * h, 2 * w), mode="bilinear")


print(upscale(torch.randn(3, 4, 4)).shape, upscale(torch.randn(2, 3, 4, 4)).shape)
print(upscale2(torch.randn(3, 4, 4)).shape, upscale2(torch.randn(2, 3, 4, 4)).shape)
print(upscale3(torch.randn(3, 4, 4)).shape, upscale3(torch.randn(2, 3, 4, 4)).shape)
