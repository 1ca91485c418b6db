import numpy as np
import torch
import torch.nn as nn

raw = np.random.rand(10, 4)
X = torch.from_numpy(raw[:, :3]).type(torch.FloatTensor)
y = torch.from_numpy(raw[:, 3:]).type("torch.FloatTensor")
model = nn.Linear(3, 1)
loss = nn.MSELoss()(model(X), y)
loss.backward()
