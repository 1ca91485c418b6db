# Lists and totals made anew (or cleared) in the iteration that fills them hold one graph.
from collections import defaultdict

import torch
import torch.nn as nn

model = nn.Linear(3, 1)
opt = torch.optim.SGD(model.parameters(), lr=0.1)
log = []
for step in range(10):
    losses = []
    opt.zero_grad()
    loss = model(torch.randn(4, 3)).pow(2).mean()
    losses.append(loss)
    loss.backward()
    opt.step()

for step in range(10):
    stats = defaultdict(list)
    opt.zero_grad()
    loss = model(torch.randn(4, 3)).pow(2).mean()
    stats["loss"].append(loss)
    loss.backward()
    opt.step()
    log.append(stats["loss"][0].item())

buffer = []
for step in range(10):
    buffer.clear()
    opt.zero_grad()
    loss = model(torch.randn(4, 3)).pow(2).mean()
    buffer.append(loss)
    loss.backward()
    opt.step()
