"""The numpy kernel is cast to the image's dtype before the convolution; a float64 image
meets a float64 kernel."""

import numpy as np
import torch
import torch.nn.functional as F


def gaussian_psf(size=7, sigma=1.5):
    ax = np.arange(size) - (size - 1) / 2.0
    g = np.exp(-0.5 * (ax / sigma) ** 2)
    k = np.outer(g, g)
    return k / k.sum()


psf = torch.from_numpy(gaussian_psf()).float()[None, None]
sharp = torch.rand(1, 1, 32, 32)
blurred = F.conv2d(sharp, psf, padding=3)
psf64 = torch.from_numpy(gaussian_psf())[None, None]
smooth = torch.conv2d(sharp.double(), psf64, padding=3)
print(blurred.shape, smooth.dtype)
