import torch
import torch.nn as nn

model = nn.Linear(4, 2)
device = "cuda" if next(model.parameters()).is_cuda else "cpu"
x = torch.randn(3, 4).to(device)
out = model(x)
print(out.sum())
