"""HWC arrays permuted to (C, H, W) and given a batch dimension before resizing."""
import numpy as np
import torch
import torch.nn.functional as F

raw = (np.random.default_rng(0).random((64, 64, 3)) * 255).astype(np.uint8)
img = torch.from_numpy(raw).permute(2, 0, 1).float() / 255.0
small = F.interpolate(img.unsqueeze(0), scale_factor=0.5)[0]
batch = torch.stack([img, img.flip(-1)])
smaller = F.interpolate(batch, size=(16, 16), mode="bilinear", align_corners=False)
print(small.shape, smaller.shape)
