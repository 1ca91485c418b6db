import torch
import torch.nn as nn
import torch.nn.functional as F

teacher = nn.Sequential(nn.Linear(16, 32), nn.ReLU(), nn.Linear(32, 10))
student = nn.Linear(16, 10)
x = torch.randn(8, 16)
T = 4.0
soft_targets = F.softmax(teacher(x) / T, dim=1)
loss = F.kl_div(F.log_softmax(student(x) / T, dim=1), soft_targets, reduction="batchmean")  # expect: TL406
mse = nn.MSELoss()
loss2 = mse(student(x), teacher(x))  # expect: TL406
