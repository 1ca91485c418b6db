"""A zoom-and-crop transform applied to one (C, H, W) image at a time."""
import torch
import torch.nn.functional as F


class ZoomCrop:
    def __init__(self, zoom):
        self.zoom = zoom

    def __call__(self, img):
        c, h, w = img.shape
        zoomed = F.interpolate(img, scale_factor=self.zoom, mode="nearest")  # expect: TL405
        top = (zoomed.shape[-2] - h) // 2
        left = (zoomed.shape[-1] - w) // 2
        return zoomed[..., top:top + h, left:left + w]


def load(n, size):
    return [torch.rand(3, size, size + 1) for _ in range(n)]


crop = ZoomCrop(2.0)
print([tuple(crop(im).shape) for im in load(2, 8)])
