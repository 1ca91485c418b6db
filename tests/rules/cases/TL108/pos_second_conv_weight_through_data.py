import torch
import torch.nn.functional as F
from torch import nn

conv1 = nn.Conv2d(1, 4, 3)
conv2 = nn.Conv2d(4, 4, 3)
x = torch.randn(2, 1, 8, 8)
out = conv2(F.relu(conv1(x))).sum()
conv2.weight.data.mul_(0.5)  # expect: TL108
out.backward()
