"""Kaggle-style CFG class naming the device: the model is moved there, the validation
labels are not."""
import torch
from torch import nn


class CFG:
    device = "cuda"
    hidden = 16


model = nn.Sequential(nn.Linear(8, CFG.hidden), nn.ReLU(), nn.Linear(CFG.hidden, 3)).to(CFG.device)
x = torch.randn(10, 8).to(CFG.device)
labels = torch.randint(0, 3, (10,))
with torch.no_grad():
    preds = model(x).argmax(1)
acc = (preds == labels).float().mean()  # expect: TL403
