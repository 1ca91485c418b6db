"""Two models trained together: the second joins the optimizer through add_param_group."""
import torch
import torch.nn as nn
import torch.nn.functional as F

a = nn.Linear(4, 4)
b = nn.Linear(4, 4)
opt = torch.optim.SGD(a.parameters(), lr=0.1)
opt.add_param_group({"params": b.parameters()})
x = torch.randn(2, 4)
loss = F.mse_loss(a(x), b(x))
opt.zero_grad()
loss.backward()
opt.step()
