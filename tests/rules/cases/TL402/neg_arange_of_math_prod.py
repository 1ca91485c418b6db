"""torch.arange over math.prod of a shape is int64 (review reproducer)."""
import math

import torch

x = torch.randn(4, 3, 5)
n = math.prod(x.shape[1:])
idx = torch.arange(n)
flat = x.reshape(4, -1)
picked = flat.index_select(1, idx)
g = torch.gather(flat, 1, idx.expand(4, -1))
k = torch.randperm(math.prod((3, 5)))
h = flat.index_select(1, k)
m = torch.arange(math.comb(6, 2))
print(idx.dtype, picked.shape, g.shape, k.dtype, m.dtype)
