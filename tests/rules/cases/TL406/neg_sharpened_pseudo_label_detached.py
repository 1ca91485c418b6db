import torch
import torch.nn as nn
import torch.nn.functional as F

model = nn.Sequential(nn.Linear(8, 16), nn.ReLU(), nn.Dropout(0.3), nn.Linear(16, 3))
opt = torch.optim.Adam(model.parameters(), lr=0.01)
x = torch.randn(20, 8)
T = 0.5

for epoch in range(3):
    opt.zero_grad()
    out_a = model(x + 0.1 * torch.randn_like(x))
    out_b = model(x)
    p = F.softmax(out_b / T, dim=-1)
    sharp = (p / p.sum(-1, keepdim=True)).detach()
    loss = F.kl_div(F.log_softmax(out_a, -1), sharp, reduction="batchmean")
    loss.backward()
    opt.step()
    with torch.no_grad():
        guess = F.softmax(model(x) / T, dim=-1)
    loss2 = F.kl_div(F.log_softmax(model(x), -1), guess, reduction="batchmean")
    opt.zero_grad()
    loss2.backward()
    opt.step()
