"""torchvision's order: add the shortcut, then the in-place ReLU (batch norm keeps its input,
not its output, so an in-place ReLU right after it is fine too)."""

import torch
import torch.nn as nn


class BasicBlock(nn.Module):
    def __init__(self, planes):
        super().__init__()
        self.conv1 = nn.Conv2d(planes, planes, 3, padding=1, bias=False)
        self.bn1 = nn.BatchNorm2d(planes)
        self.conv2 = nn.Conv2d(planes, planes, 3, padding=1, bias=False)
        self.bn2 = nn.BatchNorm2d(planes)
        self.relu = nn.ReLU(inplace=True)

    def forward(self, x):
        identity = x
        out = self.relu(self.bn1(self.conv1(x)))
        out = self.bn2(self.conv2(out))
        out += identity
        return self.relu(out)


block = BasicBlock(4)
out = block(torch.randn(2, 4, 8, 8))
out.mean().backward()
h = torch.randn(3, 3, requires_grad=True) @ torch.randn(3, 3)
h.relu_()
h = h * 2
h.add_(1)
h.sum().backward()
print(out.shape)
