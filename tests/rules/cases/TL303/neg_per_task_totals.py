# The same per-task totals kept as numbers.
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
        outs = []
        for t in range(2):
            task_loss = F.binary_cross_entropy_with_logits(logits[:, t], y[:, t])
            per_task[t] = per_task[t] + task_loss.item()
            loss = loss + task_loss
            outs.append(task_loss)
        opt.zero_grad()
        (loss + 0.1 * torch.stack(outs).std()).backward()
        opt.step()
