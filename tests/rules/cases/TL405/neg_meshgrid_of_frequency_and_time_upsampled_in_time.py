"""A bank of sines drawn on a (frequency, time) meshgrid: `unsqueeze(0)` makes it one batch
of multi-channel audio (N=1, C=frequencies, T), upsampled in time on purpose."""
import math

import torch
import torch.nn.functional as F
from torch import nn


def sine_bank(freqs, n_samples, sr):
    t = torch.arange(n_samples, dtype=torch.float32) / sr
    ff, tt = torch.meshgrid(freqs, t, indexing="ij")  # (C, T)
    return torch.sin(2 * math.pi * ff * tt)


audio = sine_bank(torch.tensor([2.0, 5.0, 9.0]), 32, sr=64).unsqueeze(0)
hi_rate = F.interpolate(audio, scale_factor=2, mode="nearest")
resized = F.interpolate(audio, size=48)
denoiser = nn.Conv1d(3, 3, 5, padding=2)
print(denoiser(hi_rate).shape, resized.shape)
