import torch
import torch.nn as nn

blocks = [nn.Linear(4, 8), nn.ReLU()]
model = nn.Sequential(*blocks, nn.Linear(8, 2))
x = torch.randn(3, 4, dtype=torch.float64)
out = model(x)  # expect: TL402
