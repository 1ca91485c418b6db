import torch
import torch.nn as nn

model = nn.Sequential(nn.Linear(3, 3), nn.Dropout(0.1))
opt = torch.optim.SGD(model.parameters(), lr=0.1)


def test_time_adaptation(x):
    model.train()
    opt.zero_grad()
    model(x).pow(2).mean().backward()
    opt.step()


test_time_adaptation(torch.randn(2, 3))
print("ok")
