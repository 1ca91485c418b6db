# A float64 value whose rank is unknown may be 0-dim, and 0-dim tensors do not promote
# float32 ones: torch keeps float32 here, so nothing is certain.
import numpy as np
import torch


def scale(x, s):
    return x * s


s = torch.tensor(np.float64(0.5))
x = torch.randn(8, 3)
w = torch.randn(3, 2, requires_grad=True)
y = scale(x, s) @ w

norm = torch.tensor(np.linalg.norm(np.ones((3, 3))))  # 0-dim: rank not modelled
z = (x - norm) @ w

col = torch.tensor(np.linspace(0, 1, 3).astype(np.float32).reshape(3, 1))
h = (x[:, :, None] * col).sum(-1) @ w
