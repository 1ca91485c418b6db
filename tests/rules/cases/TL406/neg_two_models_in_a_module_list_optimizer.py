"""Two models learn together: one optimizer over a ModuleList holding both."""
import torch
import torch.nn.functional as F

a, b = torch.nn.Linear(3, 2), torch.nn.Linear(3, 2)
x = torch.randn(4, 3)
opt = torch.optim.SGD(torch.nn.ModuleList([a, b]).parameters(), lr=0.1)
loss = F.mse_loss(a(x), b(x))
opt.zero_grad()
loss.backward()
opt.step()
