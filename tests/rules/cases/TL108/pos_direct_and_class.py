import torch
import torch.nn as nn


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc = nn.Linear(4, 4)

    def forward(self, x):
        return torch.tanh(self.fc(x))


net = Net()
inp = torch.randn(3, 4)
h = net(inp)
h.data.clamp_(-0.5, 0.5)  # expect: TL108
h.pow(2).sum().backward()
