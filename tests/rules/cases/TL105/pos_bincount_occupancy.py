# Site occupancy from numpy's bincount: counts are int64, and from_numpy keeps the dtype.
import numpy as np
import torch


def occupancy(pos, n_sites):
    counts = torch.from_numpy(np.bincount(pos, minlength=n_sites))
    counts.requires_grad_(True)  # expect: TL105
    return counts


rng = np.random.default_rng(1)
print(occupancy(np.cumsum(rng.choice([-1, 1], size=50)) % 8, 8))
