import torch
import torch.nn as nn
import torch.nn.functional as F


class DepthNet(nn.Module):
    def __init__(self):
        super().__init__()
        self.conv = nn.Conv2d(3, 1, 3, padding=1)

    def forward(self, rgb):
        return F.softplus(self.conv(rgb)).squeeze(1) + 0.1


def silog_loss(pred, gt, lam=0.85):
    valid = gt > 0
    d = torch.log(pred) - torch.log(gt.clamp(min=1e-3))
    d = d[valid]
    return torch.sqrt((d**2).mean() - lam * d.mean() ** 2 + 1e-8)


model = DepthNet()
rgb = torch.rand(2, 3, 8, 8)
gt = torch.rand(2, 8, 8) * (torch.rand(2, 8, 8) > 0.2)
loss = silog_loss(model(rgb), gt)
loss.backward()
assert all(torch.isfinite(p.grad).all() for p in model.parameters())
