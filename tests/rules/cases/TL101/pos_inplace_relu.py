import torch
import torch.nn.functional as F

h = torch.randn(8, requires_grad=True)
out = F.relu(h, inplace=True)  # expect: TL101
