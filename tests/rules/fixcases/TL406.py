import torch
import torch.nn as nn
import torch.nn.functional as F

teacher = nn.Linear(16, 10)
student = nn.Linear(16, 10)
x = torch.randn(8, 16)
loss = F.mse_loss(student(x), teacher(x))
loss.backward()
assert teacher.weight.grad is None, "the gradient reached the teacher"
