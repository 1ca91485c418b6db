"""Deblurring prototype ported from SciPy: the Gaussian kernel is built with numpy (float64),
the image is float32."""

import numpy as np
import torch
import torch.nn.functional as F

KSIZE = 7


def gaussian_psf(size=KSIZE, sigma=1.5):
    ax = np.arange(size) - (size - 1) / 2.0
    g = np.exp(-0.5 * (ax / sigma) ** 2)
    k = np.outer(g, g)
    return k / k.sum()


def blur(img, psf):
    return F.conv2d(img, psf, padding=KSIZE // 2)  # expect: TL402


psf = torch.from_numpy(gaussian_psf())[None, None]
sharp = torch.from_numpy(np.zeros((32, 32), dtype=np.float32))[None, None]
observed = blur(sharp, psf)
