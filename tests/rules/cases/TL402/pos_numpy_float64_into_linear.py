# expected scalar type Float but found Double
import numpy as np
import torch
import torch.nn as nn
X = np.random.rand(100, 3)
y = np.random.rand(100, 1)
X_t = torch.from_numpy(X)
y_t = torch.from_numpy(y)
model = nn.Linear(3, 1)
pred = model(X_t)  # expect: TL402
