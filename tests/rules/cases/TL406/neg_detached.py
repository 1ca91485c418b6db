import torch
import torch.nn as nn
import torch.nn.functional as F

teacher = nn.Linear(16, 10)
student = nn.Linear(16, 10)
x = torch.randn(8, 16)
with torch.no_grad():
    t_out = teacher(x)
loss = F.mse_loss(student(x), t_out)
loss2 = F.mse_loss(student(x), teacher(x).detach())
y = torch.randn(8, 10)
loss3 = F.mse_loss(student(x), y)
a, b = student(x), student(torch.randn(8, 16))
consistency = F.mse_loss(a, b)  # both sides from one model: a modelling choice
