# Graph readout: np.bincount with `weights=None` (the helper's default) counts in int64, so
# the offsets index fine; only given weights make float64 sums.
import numpy as np
import torch
from torch import nn


def segment_offsets(batch, n_graphs, node_weight=None):
    counts = torch.from_numpy(np.bincount(batch, weights=node_weight, minlength=n_graphs))
    return counts.cumsum(0) - 1, counts


def readout(h, batch, n_graphs, size_embedding):
    last, counts = segment_offsets(batch, n_graphs)
    return h.index_select(0, last) + size_embedding(counts)


emb = nn.Embedding(16, 8)
batch = np.array([0, 0, 1, 1, 1, 2])
print(readout(torch.randn(6, 8), batch, 3, emb).shape)
