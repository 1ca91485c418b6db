# The same refinement computing the residual inside the closure.
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


def closure():
    lbfgs.zero_grad()
    total = (model(x) - torch.sin(x)).pow(2).mean()
    total.backward()
    return total


for outer in range(3):
    lbfgs.step(closure)
