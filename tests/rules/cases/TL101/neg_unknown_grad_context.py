"""In-place updates inside context managers the analysis cannot see but whose names say
they switch gradients off (a project's own `no_grad` wrapper, a freezing helper), and a
snippet that uses `torch.no_grad()` without importing torch itself."""

import torch.nn as nn
from myproject.utils import frozen, maybe_no_grad

model = nn.Linear(4, 2)
with maybe_no_grad(True):
    for p in model.parameters():
        p.mul_(0.5)
with frozen(model):
    model.weight.clamp_(-1, 1)
with torch.no_grad():
    model.bias.zero_()
