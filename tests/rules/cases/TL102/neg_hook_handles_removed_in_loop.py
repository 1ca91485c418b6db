"""Hooks on two layers, each handle appended to a list and removed in a loop before
training."""
import torch
import torch.nn as nn


def halve(module, inputs, output):
    output.mul_(0.5)


model = nn.Sequential(nn.Linear(4, 8), nn.Tanh(), nn.Linear(8, 8), nn.Tanh(), nn.Linear(8, 1))
handles = []
for layer in (model[1], model[3]):
    h = layer.register_forward_hook(halve)
    handles.append(h)
with torch.no_grad():
    model(torch.randn(3, 4))
for h in handles:
    h.remove()
opt = torch.optim.SGD(model.parameters(), lr=0.1)
opt.zero_grad()
model(torch.randn(3, 4)).sum().backward()
opt.step()
