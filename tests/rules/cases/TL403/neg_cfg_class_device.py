"""Kaggle-style CFG class naming the device: everything is moved there."""
import torch
from torch import nn


class CFG:
    device = "cuda" if torch.cuda.is_available() else "cpu"
    hidden = 16


model = nn.Sequential(nn.Linear(8, CFG.hidden), nn.ReLU(), nn.Linear(CFG.hidden, 3)).to(CFG.device)
x = torch.randn(10, 8).to(CFG.device)
labels = torch.randint(0, 3, (10,)).to(CFG.device)
with torch.no_grad():
    preds = model(x).argmax(1)
print((preds == labels).float().mean().item())
