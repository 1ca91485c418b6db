"""Item thumbnails from decoded (C, H, W) numpy images, one at a time, each given a batch dimension."""
import numpy as np
import torch
import torch.nn.functional as F

rng = np.random.default_rng(0)
RAW, THUMB = 64, 32
images = [torch.from_numpy(rng.random((3, RAW, RAW)).astype(np.float32)) for _ in range(4)]


def make_thumbnail(img, target=THUMB):
    scale = target / img.shape[-1]
    return F.interpolate(img.unsqueeze(0), scale_factor=scale).squeeze(0)


thumbs = torch.stack([make_thumbnail(im) for im in images])
print(tuple(thumbs.shape), "expected", (4, 3, THUMB, THUMB))
