import torch
import torch.nn as nn

a = torch.randn(3, device="cuda")
b = torch.randn(3)
c = a + b  # expect: TL403
model = nn.Linear(3, 1).cuda()
out = model(torch.randn(4, 3))  # expect: TL403
dev = torch.device("cuda")
w = torch.randn(3, 3).to(dev)
v = torch.randn(3, 3)
m = w @ v  # expect: TL403
