"""Co-training: two heads of one model fit each other; the optimizer takes the model's parameters, so both learn."""
import torch
import torch.nn as nn
import torch.nn.functional as F


class Joint(nn.Module):
    def __init__(self):
        super().__init__()
        self.a = nn.Linear(3, 2)
        self.b = nn.Linear(3, 2)


model = Joint()
x = torch.randn(4, 3)
opt = torch.optim.SGD(model.parameters(), lr=0.1)
loss = F.mse_loss(model.a(x), model.b(x))
opt.zero_grad()
loss.backward()
opt.step()
