import torch
import torch.nn as nn
import torch.nn.functional as F

model = nn.Sequential(nn.Linear(6, 16), nn.ReLU(), nn.Dropout(0.3), nn.Linear(16, 4))
opt = torch.optim.Adam(model.parameters(), lr=1e-3)


def sharpen(p, T):
    pt = p ** (1 / T)
    return pt / pt.sum(dim=1, keepdim=True)


def mixmatch_step(u1, u2):
    p = (F.softmax(model(u1), dim=1) + F.softmax(model(u2), dim=1)) / 2
    targets_u = sharpen(p, 0.5)
    loss = F.mse_loss(F.softmax(model(u2), dim=1), targets_u)  # expect: TL406
    opt.zero_grad()
    loss.backward()
    opt.step()


def uda_step(x_u, x_aug, T=0.4):
    target = F.softmax(model(x_u) / T, dim=-1)
    loss = F.kl_div(F.log_softmax(model(x_aug), dim=-1), target, reduction="batchmean")  # expect: TL406
    opt.zero_grad()
    loss.backward()
    opt.step()


u = torch.randn(8, 6)
mixmatch_step(u, u + 0.1 * torch.randn_like(u))
uda_step(u, u + 0.1 * torch.randn_like(u))
