import torch
import torch.nn.functional as F
from torch import nn

model = nn.Sequential(nn.Linear(8, 16), nn.ReLU(), nn.Dropout(0.2), nn.Linear(16, 4))
opt = torch.optim.SGD(model.parameters(), lr=0.1)
x = torch.randn(16, 8)
for step in range(3):
    noisy_a = x + 0.1 * torch.randn_like(x)
    noisy_b = x + 0.1 * torch.randn_like(x)
    probs_a = F.softmax(model(noisy_a), dim=1)
    probs_b = F.softmax(model(noisy_b), dim=1)
    consistency = F.mse_loss(probs_a, probs_b)
    opt.zero_grad()
    consistency.backward()
    opt.step()
