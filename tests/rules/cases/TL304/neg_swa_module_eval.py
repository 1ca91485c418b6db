# The averaged model switched to eval mode through its `.module`.
import torch
import torch.nn as nn
from torch.optim.swa_utils import AveragedModel

model = nn.Sequential(nn.Linear(4, 8), nn.Dropout(0.5), nn.Linear(8, 2))
opt = torch.optim.SGD(model.parameters(), lr=0.1)
swa = AveragedModel(model)
for _ in range(3):
    loss = model(torch.randn(16, 4)).pow(2).mean()
    opt.zero_grad()
    loss.backward()
    opt.step()
    swa.update_parameters(model)

swa.module.eval()
with torch.no_grad():
    print(swa(torch.randn(2, 4)))
