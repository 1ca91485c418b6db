import torch
import torch.nn as nn

device = "cuda" if torch.cuda.is_available() else "cpu"
a = torch.randn(3, device=device)
b = torch.randn(3).to(device)
c = a + b
d = torch.randn(3, device="cuda")
e = d * torch.tensor(2.0)  # a 0-dim CPU tensor mixes with CUDA tensors
f = d + 1.0
model = nn.Linear(3, 1).to(device)
out = model(torch.randn(4, 3).to(device))
g = torch.randn(3, device="cuda") + torch.randn(3, device="cuda")
