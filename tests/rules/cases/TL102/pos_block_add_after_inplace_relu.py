"""A ResNet block file without its training loop: the in-place ReLU keeps its result for its
backward, and the shortcut is then added into that very tensor."""

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
        out = self.relu(self.bn2(self.conv2(out)))
        out += identity  # expect: TL102
        return out


def gated(x, w):
    h = x @ w
    h.sigmoid_()
    h.mul_(2.0)  # expect: TL102
    return h.sum()


w = torch.randn(4, 4, requires_grad=True)
gated(torch.randn(2, 4), w).backward()
