import torch
import torch.nn as nn

w = torch.randn(3, requires_grad=True)
loss = (w * 2).sum()
loss.backward()

model = nn.Linear(4, 2)
with torch.no_grad():
    feats = torch.randn(8, 4)
out = model(feats)
out.sum().backward()

with torch.no_grad():
    pass
with torch.enable_grad():
    z = (w * 3).sum()
z.backward()


def train_step(batch, target):
    pred = model(batch)
    l = (pred - target).pow(2).mean()
    l.backward()
