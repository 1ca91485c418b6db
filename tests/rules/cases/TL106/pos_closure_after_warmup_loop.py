# An Adam warm-up loop, then L-BFGS whose closure backpropagates a residual computed once
# outside it: the second call goes back through the graph the first one freed.
import torch
from torch import nn

model = nn.Sequential(nn.Linear(1, 16), nn.Tanh(), nn.Linear(16, 1))
x = torch.linspace(0, 1, 16).unsqueeze(1)
adam = torch.optim.Adam(model.parameters(), lr=1e-2)
for it in range(10):
    adam.zero_grad()
    loss = model(x).pow(2).mean()
    loss.backward()
    adam.step()

lbfgs = torch.optim.LBFGS(model.parameters(), lr=1.0, max_iter=5)
residual = model(x) - torch.sin(x)


def closure():
    lbfgs.zero_grad()
    total = residual.pow(2).mean()
    total.backward()  # expect: TL106
    return total


for outer in range(3):
    lbfgs.step(closure)
