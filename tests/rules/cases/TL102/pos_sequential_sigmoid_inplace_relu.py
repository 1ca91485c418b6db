import torch
import torch.nn as nn
net = nn.Sequential(nn.Linear(3, 4), nn.Sigmoid(), nn.ReLU(inplace=True))
x = torch.randn(5, 3, requires_grad=True)
out = net(x)  # expect: TL102
out.sum().backward()
