"""The SimSiam step done right: the target branch of the shared encoder is detached; the
symmetric loss between two projections of the same model is a consistency loss."""
import torch
import torch.nn as nn
import torch.nn.functional as F

encoder = nn.Sequential(nn.Linear(12, 32), nn.ReLU(), nn.Linear(32, 8))
predictor = nn.Sequential(nn.Linear(8, 8), nn.ReLU(), nn.Linear(8, 8))
opt = torch.optim.SGD([*encoder.parameters(), *predictor.parameters()], lr=0.05)
x = torch.randn(32, 12)
for _ in range(3):
    z1, z2 = encoder(x + 0.1 * torch.randn_like(x)), encoder(x + 0.1 * torch.randn_like(x))
    p1, p2 = predictor(z1), predictor(z2)
    loss = 0.5 * (F.mse_loss(p1, z2.detach()) + F.mse_loss(p2, z1.detach()))
    loss = loss + 0.1 * F.mse_loss(p1, p2)
    opt.zero_grad()
    loss.backward()
    opt.step()
