"""Two models learn together: one optimizer over a Sequential wrapping both."""
import torch
import torch.nn as nn
import torch.nn.functional as F

a, b = nn.Linear(3, 2), nn.Linear(3, 2)
x = torch.randn(4, 3)
both = nn.Sequential(a, b)
opt = torch.optim.SGD(both.parameters(), lr=0.1)
loss = F.mse_loss(a(x), b(x))
opt.zero_grad()
loss.backward()
opt.step()
