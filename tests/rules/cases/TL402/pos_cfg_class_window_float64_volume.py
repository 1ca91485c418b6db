"""CT segmentation, Kaggle style: the HU window comes from a `class CFG:` namespace, and the
windowed float64 volume goes to a float32 Conv3d."""
import numpy as np
import torch
import torch.nn.functional as F
from torch import nn


class CFG:
    seed = 17
    vol = 8
    lr = 1e-3
    hu_window = (-100.0, 240.0)


def window_and_scale(hu, lo, hi):
    return (np.clip(hu, lo, hi) - lo) / (hi - lo)


def to_tensor(hu):
    return torch.from_numpy(window_and_scale(hu, *CFG.hu_window))[None, None]


rng = np.random.default_rng(CFG.seed)
cases = [(rng.normal(-50.0, 30.0, size=(CFG.vol,) * 3), rng.random((CFG.vol,) * 3) > 0.8) for _ in range(2)]
model = nn.Conv3d(1, 1, 3, padding=1)
opt = torch.optim.Adam(model.parameters(), lr=CFG.lr)
for hu, seg in cases:
    x = to_tensor(hu)
    y = torch.from_numpy(seg.astype(np.float32))[None, None]
    opt.zero_grad()
    logits = model(x)  # expect: TL402
    F.binary_cross_entropy_with_logits(logits, y).backward()
    opt.step()
