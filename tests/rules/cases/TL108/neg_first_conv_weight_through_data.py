import torch
import torch.nn.functional as F
from torch import nn

# The first convolution keeps its weight for backward even though its input needs no
# gradient; backward never reads it, so writing it through `.data` changes no gradient.
conv = nn.Conv2d(1, 4, 3)
x = torch.randn(2, 1, 6, 6)
out = F.relu(conv(x)).sum()
conv.weight.data.mul_(0.5)
out.backward()
