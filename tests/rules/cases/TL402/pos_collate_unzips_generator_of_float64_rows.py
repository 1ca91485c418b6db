"""Pretrained vectors from a numpy table (float64) collated with `zip(*(...))` over a
generator of (vectors, length) rows, then fed to a float32 layer."""
import numpy as np
import torch
from torch import nn

TABLE = np.random.default_rng(0).standard_normal((10, 20))


def lookup(ids, max_len=4):
    vecs = np.zeros((max_len, TABLE.shape[1]))
    vecs[: len(ids)] = TABLE[ids]
    return torch.from_numpy(vecs), len(ids)


def collate(batch):
    vecs, lens = zip(*(lookup(ids) for ids in batch))
    return torch.stack(vecs), torch.tensor(lens)


proj = nn.Linear(20, 4)
vecs, lens = collate([[1, 2], [3]])
print(proj(vecs).shape, lens)  # expect: TL402
