import torch
import torch.nn as nn


class BasicBlock(nn.Module):
    def __init__(self, c):
        super().__init__()
        self.conv1 = nn.Conv2d(c, c, 3, padding=1, bias=False)
        self.bn1 = nn.BatchNorm2d(c)
        self.relu = nn.ReLU(inplace=True)
        self.conv2 = nn.Conv2d(c, c, 3, padding=1, bias=False)
        self.bn2 = nn.BatchNorm2d(c)

    def forward(self, x):
        identity = x
        out = self.relu(self.bn1(self.conv1(x)))
        out = self.bn2(self.conv2(out))
        out += identity
        return self.relu(out)


block = nn.Sequential(nn.Conv2d(3, 2, 3, padding=1), BasicBlock(2), BasicBlock(2))
x = torch.randn(2, 3, 4, 4, requires_grad=True)
block(x).mean().backward()
print("ok")
