"""A power-law compressed spectral loss over zero-padded utterances: the padded frames are
multiplied away, but `mag ** 0.3` has an infinite slope at the zeros they hold."""
import torch
from torch import nn

CFG = {"compress": 0.3, "frames": 12}


def frame_mask(lengths, n_frames):
    return (torch.arange(n_frames)[None, :] < lengths[:, None]).float()


def compressed_loss(pred_mag, clean_mag, mask, power):
    pred_c = pred_mag.pow(power)
    clean_c = clean_mag.pow(power)
    err = (pred_c - clean_c) ** 2 * mask[:, None, :]  # expect: TL202
    return err.sum() / mask.sum()


lengths = torch.tensor([12, 7])
mask = frame_mask(lengths, CFG["frames"])
noisy = torch.rand(2, 5, CFG["frames"]) * mask[:, None, :]
gain = nn.Parameter(torch.ones(5, 1))
loss = compressed_loss(torch.sigmoid(gain) * noisy, noisy, mask, CFG["compress"])
loss.backward()
print(torch.isnan(gain.grad).any())
