"""np.clip with keyword bounds turns an int array float64 (review reproducer)."""
import numpy as np
import torch

counts = np.array([0, 3, 7, 12])
capped = np.clip(counts, a_min=0.5, a_max=10)
weights = torch.from_numpy(capped)
print(weights.mean(), weights.log().std())
