"""Pretrained vectors kept as a float64 table and looked up with `F.embedding`: the lookup
has the table's dtype, and the float32 layer after it raises."""
import numpy as np
import torch
import torch.nn.functional as F
from torch import nn

table = torch.from_numpy(np.random.default_rng(0).standard_normal((50, 8)))
proj = nn.Linear(8, 4)
ids = torch.tensor([[1, 4, 7], [2, 3, 9]])
vectors = F.embedding(ids, table)
print(proj(vectors).shape)  # expect: TL402
