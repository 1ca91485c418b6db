"""`w.type(x.type())` converts to x's tensor type, whatever it is: float32 here."""

import numpy as np
import torch
import torch.nn.functional as F

x = torch.rand(3, 4)
w = torch.from_numpy(np.random.rand(4, 2))
y = x @ w.type(x.type())
z = torch.mm(x, w.type("torch.FloatTensor"))
img = torch.rand(1, 1, 8, 8)
k = torch.from_numpy(np.ones((1, 1, 3, 3)) / 9.0)
blurred = F.conv2d(img, k.type(img.type()), padding=1)
print(y.dtype, z.dtype, blurred.dtype)
