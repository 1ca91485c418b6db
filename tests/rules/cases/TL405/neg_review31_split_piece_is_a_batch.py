import torch
import torch.nn as nn
import torch.nn.functional as F

fake = nn.Conv2d(3, 3, 1)(torch.randn(6, 3, 4, 4))
first = fake.split(2)[0]          # (2, 3, 4, 4): a piece of the batch, not an item
F.interpolate(first, size=(2, 2))
