import numpy as np
import torch
import torch.nn as nn

X = np.random.rand(100, 3).astype(np.float32)
model = nn.Linear(3, 1)
pred = model(torch.from_numpy(X))
Y = torch.tensor(np.random.rand(100, 3), dtype=torch.float32)
pred2 = model(Y)
Z = torch.from_numpy(np.random.rand(100, 3)).float()
pred3 = model(Z)
