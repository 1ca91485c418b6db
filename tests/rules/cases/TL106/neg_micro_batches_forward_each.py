# Gradient accumulation done right: each micro-batch has its own forward pass.
import torch
import torch.nn as nn
import torch.nn.functional as F

encoder = nn.Sequential(nn.Linear(20, 32), nn.Tanh())
head = nn.Linear(32, 3)
opt = torch.optim.SGD([*encoder.parameters(), *head.parameters()], lr=0.1)
inputs, labels = torch.randn(64, 20), torch.randint(0, 3, (64,))

for epoch in range(2):
    for start in range(0, 64, 32):
        xb, yb = inputs[start : start + 32], labels[start : start + 32]
        opt.zero_grad()
        for x_mb, y_mb in zip(xb.chunk(4), yb.chunk(4)):
            loss = F.cross_entropy(head(encoder(x_mb)), y_mb) / 4
            loss.backward()
        opt.step()
