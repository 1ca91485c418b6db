# Multi-task training: per-task totals kept in a dict add up the task losses themselves,
# holding every batch's graph; only the summed loss is backpropagated.
from collections import defaultdict

import torch
import torch.nn.functional as F
from torch import nn

model = nn.Linear(6, 2)
opt = torch.optim.Adam(model.parameters(), lr=1e-2)
batches = [(torch.randn(8, 6), torch.rand(8, 2).round()) for _ in range(3)]
for epoch in range(2):
    per_task = defaultdict(float)
    for x, y in batches:
        logits = model(x)
        loss = 0.0
        for t in range(2):
            task_loss = F.binary_cross_entropy_with_logits(logits[:, t], y[:, t])
            per_task[t] = per_task[t] + task_loss  # expect: TL303
            loss = loss + task_loss
        opt.zero_grad()
        loss.backward()
        opt.step()
