# The device comes from a dataclass config; the labels of a list of batches stay on the CPU.
from dataclasses import dataclass

import torch
import torch.nn as nn


@dataclass
class Config:
    device: str = "cuda"
    lr: float = 0.01
    epochs: int = 3


cfg = Config()
net = nn.Sequential(nn.Conv2d(3, 16, 3), nn.ReLU(), nn.AdaptiveAvgPool2d(1), nn.Flatten(), nn.Linear(16, 10))
net.to(cfg.device)
criterion = nn.CrossEntropyLoss()
optimizer = torch.optim.SGD(net.parameters(), lr=cfg.lr)
batches = [(torch.rand(16, 3, 32, 32), torch.randint(0, 10, (16,))) for _ in range(10)]
for epoch in range(cfg.epochs):
    for images, labels in batches:
        images = images.to(cfg.device)
        outputs = net(images)
        loss = criterion(outputs, labels)  # expect: TL403
        optimizer.zero_grad()
        loss.backward()
        optimizer.step()
