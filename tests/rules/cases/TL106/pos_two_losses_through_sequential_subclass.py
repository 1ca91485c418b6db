"""An FCOS-like detector built from a `ConvBNAct(nn.Sequential)` block: the classification
and box losses share the backbone, and each gets its own backward."""
import torch
import torch.nn.functional as F
from torch import nn


class ConvBNAct(nn.Sequential):
    def __init__(self, cin, cout, s=1):
        super().__init__(nn.Conv2d(cin, cout, 3, s, 1, bias=False), nn.BatchNorm2d(cout), nn.ReLU())


class Detector(nn.Module):
    def __init__(self, nc=3, width=8):
        super().__init__()
        self.backbone = nn.Sequential(ConvBNAct(3, width, 2), ConvBNAct(width, width, 2))
        self.cls_out = nn.Conv2d(width, nc, 3, padding=1)
        self.reg_out = nn.Conv2d(width, 4, 3, padding=1)

    def forward(self, x):
        f = self.backbone(x)
        return self.cls_out(f), F.relu(self.reg_out(f))


model = Detector()
opt = torch.optim.SGD(model.parameters(), lr=0.01)
cls, ltrb = model(torch.randn(2, 3, 32, 32))
loss_cls = F.binary_cross_entropy_with_logits(cls, torch.zeros_like(cls))
loss_reg = F.l1_loss(ltrb, torch.full_like(ltrb, 2.0))
opt.zero_grad()
loss_cls.backward()
loss_reg.backward()  # expect: TL106
opt.step()
