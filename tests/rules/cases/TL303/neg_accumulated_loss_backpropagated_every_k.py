"""Gradient accumulation written by hand: the total is backpropagated, then reset, every 4 steps."""
import torch
import torch.nn as nn
import torch.nn.functional as F

net = nn.Sequential(nn.Linear(10, 32), nn.ReLU(), nn.Linear(32, 3))
optimizer = torch.optim.SGD(net.parameters(), lr=0.01)
data = [(torch.randn(8, 10), torch.randint(0, 3, (8,))) for _ in range(16)]
accum = 4

optimizer.zero_grad()
total = 0.0
for i, (inputs, labels) in enumerate(data):
    total = total + F.cross_entropy(net(inputs), labels) / accum
    if (i + 1) % accum == 0:
        total.backward()
        optimizer.step()
        optimizer.zero_grad()
        print(f"step {(i + 1) // accum}: {total.item():.3f}")
        total = 0.0
