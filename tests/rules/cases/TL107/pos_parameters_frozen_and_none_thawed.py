"""A model frozen for feature extraction, then trained anyway: no parameter requires grad, so
the loss has no graph."""
import torch
import torch.nn.functional as F
from torch import nn

model = nn.Sequential(nn.Linear(6, 16), nn.ReLU(), nn.Linear(16, 3))
for p in model.parameters():
    p.requires_grad_(False)
x = torch.randn(4, 6)
loss = F.cross_entropy(model(x), torch.randint(0, 3, (4,)))
loss.backward()  # expect: TL107
