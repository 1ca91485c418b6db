"""`F.embedding(ids, weight)` has the weight's dtype (not the ids'), and a model cast with
`.type(torch.DoubleTensor)` takes float64 input."""
import numpy as np
import torch
import torch.nn as nn
import torch.nn.functional as F

w = torch.randn(10, 4, requires_grad=True)
e = F.embedding(torch.tensor([1, 2]), w)  # float32 (dtype of the weight), not int64
(e @ torch.ones(4, 1)).sum().backward()
print(e.dtype, w.grad.shape)

model = nn.Linear(2, 1).type(torch.DoubleTensor)  # Module.type casts parameters to float64
x = torch.from_numpy(np.zeros((3, 2)))            # float64
print(model(x).dtype)
