"""DINO ablation with shared weights: the sharpened teacher view is detached; a consistency
loss at temperature 1 between two views is left alone."""
from dataclasses import dataclass

import torch
import torch.nn.functional as F
from torch import nn


@dataclass
class DINOConfig:
    dim: int = 16
    student_temp: float = 0.1
    teacher_temp: float = 0.04
    consistency_temp: float = 1.0


class SelfDistiller(nn.Module):
    def __init__(self, cfg):
        super().__init__()
        self.net = nn.Sequential(nn.Linear(cfg.dim, 32), nn.ReLU(), nn.Linear(32, 8))
        self.cfg = cfg

    def forward(self, x):
        return self.net(x)

    def distill_loss(self, student_out, teacher_out):
        s = F.log_softmax(student_out / self.cfg.student_temp, dim=-1)
        t = F.softmax(teacher_out.detach() / self.cfg.teacher_temp, dim=-1)
        return F.kl_div(s, t, reduction="batchmean")

    def consistency(self, a, b):
        return F.mse_loss(a / self.cfg.consistency_temp, b / self.cfg.consistency_temp)


cfg = DINOConfig()
model = SelfDistiller(cfg)
opt = torch.optim.AdamW(model.parameters(), lr=1e-3)
x = torch.randn(8, cfg.dim)
a, b = model(x + 0.2 * torch.randn_like(x)), model(x)
loss = model.distill_loss(a, b) + model.consistency(a, b)
opt.zero_grad()
loss.backward()
opt.step()
print(loss.item())
