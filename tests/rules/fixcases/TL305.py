import torch
import torch.nn as nn
import torch.nn.functional as F


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc = nn.Linear(8, 2)

    def forward(self, x):
        return self.fc(F.dropout(x, p=0.5))


torch.manual_seed(0)
net = Net()
net.eval()
x = torch.randn(4, 8)
assert torch.equal(net(x), net(x)), "dropout still active after eval()"
