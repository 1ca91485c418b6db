"""SimSiam-style training: a predictor head on one branch of a shared encoder regresses the
other branch's projection, which is not detached. One optimizer holds both modules; the
target branch learns too, and the two collapse together."""
import torch
import torch.nn as nn
import torch.nn.functional as F


class SiamesePair(nn.Module):
    def __init__(self, d_in=12, d=8):
        super().__init__()
        self.backbone = nn.Sequential(nn.Linear(d_in, 32), nn.ReLU(), nn.Linear(32, d))
        self.head = nn.Sequential(nn.Linear(d, d), nn.ReLU(), nn.Linear(d, d))


net = SiamesePair()
opt = torch.optim.SGD(net.parameters(), lr=0.05)
x = torch.randn(32, 12)
for _ in range(3):
    a = x + 0.1 * torch.randn_like(x)
    b = x + 0.1 * torch.randn_like(x)
    za, zb = net.backbone(a), net.backbone(b)
    loss = F.mse_loss(F.normalize(net.head(za), dim=1), F.normalize(zb, dim=1))  # expect: TL406
    opt.zero_grad()
    loss.backward()
    opt.step()
