# Expected all tensors to be on the same device
import torch
import torch.nn as nn
device = torch.device("cuda:0")
model = nn.Linear(10, 2).to(device)
inputs = torch.randn(4, 10)
outputs = model(inputs)  # expect: TL403
