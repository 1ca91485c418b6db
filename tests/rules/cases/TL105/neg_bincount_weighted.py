# bincount with weights sums them in float64: such a tensor may require grad.
import numpy as np
import torch


def weighted_occupancy(pos, w, n_sites):
    counts = torch.from_numpy(np.bincount(pos, weights=w, minlength=n_sites))
    counts.requires_grad_(True)
    return counts


def normalised(pos, n_sites):
    counts = torch.from_numpy(np.bincount(pos, minlength=n_sites)).double()
    return counts.requires_grad_(True) / counts.sum()


pos = np.array([0, 1, 1, 3])
print(weighted_occupancy(pos, np.ones(4) * 0.5, 4), normalised(pos, 4))
