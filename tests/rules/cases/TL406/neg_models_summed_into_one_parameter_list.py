"""Two models trained together: their parameter lists are summed into one optimizer."""
import torch
import torch.nn as nn
import torch.nn.functional as F

a = nn.Linear(4, 4)
b = nn.Linear(4, 4)
opt = torch.optim.SGD(sum([list(m.parameters()) for m in (a, b)], []), lr=0.1)
x = torch.randn(2, 4)
loss = F.mse_loss(a(x), b(x))
opt.zero_grad()
loss.backward()
opt.step()
