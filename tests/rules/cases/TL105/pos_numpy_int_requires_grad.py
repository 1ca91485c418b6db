# RuntimeError: Only Tensors of floating point dtype can require gradients
import torch
import numpy as np
data = np.array([1, 2, 3])
t = torch.from_numpy(data)
t.requires_grad = True  # expect: TL105
