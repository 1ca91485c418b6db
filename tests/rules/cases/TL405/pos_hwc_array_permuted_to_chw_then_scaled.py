"""A thumbnail from an HWC uint8 array, permuted to (C, H, W) and resized with a scale
factor: interpolate reads it as a batch of 3 one-channel signals and scales the width only."""
import numpy as np
import torch
import torch.nn.functional as F


def preprocess(raw: np.ndarray, out_size: int = 32) -> torch.Tensor:
    img = torch.from_numpy(raw).permute(2, 0, 1).float() / 255.0
    return F.interpolate(img, scale_factor=out_size / raw.shape[0])  # expect: TL405


raw = (np.random.default_rng(0).random((64, 64, 3)) * 255).astype(np.uint8)
print(preprocess(raw).shape)
