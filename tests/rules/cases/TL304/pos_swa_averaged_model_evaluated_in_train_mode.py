# The SWA average of a model with batch norm and dropout, evaluated without eval().
import torch
import torch.nn as nn
import torch.nn.functional as F
from torch.optim.swa_utils import AveragedModel, update_bn

model = nn.Sequential(nn.Linear(8, 16), nn.BatchNorm1d(16), nn.ReLU(), nn.Dropout(0.3), nn.Linear(16, 2))
swa_model = AveragedModel(model)
opt = torch.optim.SGD(model.parameters(), lr=0.1)
data = [(torch.randn(16, 8), torch.randint(0, 2, (16,))) for _ in range(4)]

for epoch in range(3):
    model.train()
    for x, y in data:
        opt.zero_grad()
        F.cross_entropy(model(x), y).backward()
        opt.step()
    swa_model.update_parameters(model)

update_bn([x for x, _ in data], swa_model)
with torch.no_grad():
    acc = sum((swa_model(x).argmax(1) == y).float().mean() for x, y in data) / len(data)  # expect: TL304
print(acc)
