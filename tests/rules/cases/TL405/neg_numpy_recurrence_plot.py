"""Recurrence plots of a standardised two-channel signal, resized with a batch dimension."""
import numpy as np
import torch
import torch.nn.functional as F

T, C, WIN, IMG = 400, 2, 40, 32
t = np.arange(T)
sig = np.column_stack([np.sin(2 * np.pi * t / 25), np.sin(2 * np.pi * t / 60)]) + 0.05 * np.random.randn(T, C)
sig = (sig - sig[:300].mean(0)) / sig[:300].std(0)


def recurrence_image(w):
    rp = np.abs(w.T[:, :, None] - w.T[:, None, :]).astype(np.float32)
    img = torch.from_numpy(rp).unsqueeze(0)
    return F.interpolate(img, size=(IMG, IMG), mode="bilinear").squeeze(0)


imgs = torch.stack([recurrence_image(sig[s : s + WIN]) for s in range(0, T - WIN, 40)])
print(imgs.shape)
