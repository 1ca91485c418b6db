import csv
import io

import torch
from torch import nn

RAW = """f1,f2,label
5.1,3.5,0
7.0,3.2,1
6.3,3.3,2
"""
rows = list(csv.DictReader(io.StringIO(RAW)))
X = torch.tensor([[float(r[c]) for c in ("f1", "f2")] for r in rows])
y = torch.tensor([float(r["label"]) for r in rows])
X = (X - X.mean(0)) / X.std(0)
model = nn.Sequential(nn.Linear(2, 8), nn.ReLU(), nn.Linear(8, 3))
criterion = nn.CrossEntropyLoss()
loss = criterion(model(X), y)  # expect: TL402
