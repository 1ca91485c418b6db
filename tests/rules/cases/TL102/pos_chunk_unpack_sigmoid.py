import torch
import torch.nn as nn
lin = nn.Linear(4, 8)
x = torch.randn(3, 4)
a, b = lin(x).chunk(2, dim=-1)
p = torch.sigmoid(a)
p.mul_(2)  # expect: TL102
(p * b).sum().backward()
