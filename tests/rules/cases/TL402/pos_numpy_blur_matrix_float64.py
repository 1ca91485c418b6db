"""Super-resolution degradation: a Gaussian blur built as a dense numpy matrix."""
import numpy as np
import torch
import torch.nn.functional as F


def blur_matrix(n, sigma):
    idx = np.arange(n)
    k = np.exp(-((idx[:, None] - idx[None, :]) ** 2) / (2 * sigma**2))
    k /= k.sum(axis=1, keepdims=True)
    return torch.from_numpy(k)


def degrade(hr, scale=2, sigma=1.2):
    b, c, h, w = hr.shape
    bh, bw = blur_matrix(h, sigma), blur_matrix(w, sigma)
    blurred = bh @ hr @ bw.T  # expect: TL402
    return F.avg_pool2d(blurred, scale)


print(degrade(torch.rand(2, 3, 16, 16)).shape)
