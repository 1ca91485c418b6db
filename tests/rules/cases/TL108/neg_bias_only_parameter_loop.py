import torch
import torch.nn as nn

model = nn.Sequential(nn.Linear(4, 8), nn.ReLU(), nn.Linear(8, 1))
opt = torch.optim.SGD(model.parameters(), lr=0.1)
x, y = torch.randn(16, 4), torch.randn(16, 1)
for step in range(3):
    opt.zero_grad()
    loss = ((model(x) - y) ** 2).mean()
    # biases are not saved for backward: clamping them here leaves every gradient as it is
    for name, p in model.named_parameters():
        if p.dim() == 1:
            p.data.clamp_(min=0.0)
    loss.backward()
    opt.step()
print("ok")
