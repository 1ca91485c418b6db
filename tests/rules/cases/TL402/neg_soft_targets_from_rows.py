import torch
from torch import nn

rows = [{"f1": "5.1", "f2": "3.5", "p": ["0.7", "0.2", "0.1"]}, {"f1": "7.0", "f2": "3.2", "p": ["0.1", "0.8", "0.1"]}]
X = torch.tensor([[float(r["f1"]), float(r["f2"])] for r in rows])
soft = torch.tensor([[float(v) for v in r["p"]] for r in rows])
labels = torch.tensor([int(r["p"].index(max(r["p"]))) for r in rows])
model = nn.Sequential(nn.Linear(2, 8), nn.ReLU(), nn.Linear(8, 3))
criterion = nn.CrossEntropyLoss()
loss = criterion(model(X), soft) + criterion(model(X), labels)
loss.backward()
