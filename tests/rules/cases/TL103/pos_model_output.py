import torch
import torch.nn as nn

model = nn.Sequential(nn.Linear(4, 8), nn.ReLU(), nn.Linear(8, 1))
inp = torch.randn(2, 4)
out = model(inp)
loss = out.pow(2).mean()
loss.backward()
grad_out = out.grad  # expect: TL103
