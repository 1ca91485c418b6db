# A training history kept per key: the loss tensors (and their graphs) pile up.
from collections import defaultdict

import torch
import torch.nn as nn
import torch.nn.functional as F

model = nn.Sequential(nn.Linear(3, 16), nn.Tanh(), nn.Linear(16, 3))
opt = torch.optim.SGD(model.parameters(), lr=0.01)
history = defaultdict(list)
data = [(torch.randn(4, 3), torch.randint(0, 3, (4,))) for _ in range(6)]

for epoch in range(2):
    for step, (x, y) in enumerate(data):
        opt.zero_grad()
        loss = F.cross_entropy(model(x), y)
        loss.backward()
        opt.step()
        if step % 2 == 0:
            history["train_loss"].append(loss)  # expect: TL303
