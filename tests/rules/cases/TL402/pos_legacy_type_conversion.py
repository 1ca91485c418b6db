import numpy as np
import torch
import torch.nn as nn

raw = np.random.rand(10, 4).astype(np.float32)
X = torch.from_numpy(raw[:, :3]).type(torch.DoubleTensor)
y = torch.from_numpy(raw[:, 3:])
model = nn.Linear(3, 1)
loss = nn.MSELoss()(model(X), y)  # expect: TL402
loss.backward()
