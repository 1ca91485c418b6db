"""DINO ablation with shared weights: the teacher view's output, sharpened by the config's
teacher temperature, is the target of the student view without a stop-gradient."""
from dataclasses import dataclass

import torch
import torch.nn.functional as F
from torch import nn


@dataclass
class DINOConfig:
    dim: int = 16
    student_temp: float = 0.1
    teacher_temp: float = 0.04


class SelfDistiller(nn.Module):
    def __init__(self, cfg):
        super().__init__()
        self.net = nn.Sequential(nn.Linear(cfg.dim, 32), nn.ReLU(), nn.Linear(32, 8))
        self.cfg = cfg

    def forward(self, x):
        return self.net(x)

    def distill_loss(self, student_out, teacher_out):
        s = F.log_softmax(student_out / self.cfg.student_temp, dim=-1)
        t = F.softmax(teacher_out / self.cfg.teacher_temp, dim=-1)
        return F.kl_div(s, t, reduction="batchmean")  # expect: TL406


cfg = DINOConfig()
model = SelfDistiller(cfg)
opt = torch.optim.AdamW(model.parameters(), lr=1e-3)
x = torch.randn(8, cfg.dim)
loss = model.distill_loss(model(x + 0.2 * torch.randn_like(x)), model(x))
opt.zero_grad()
loss.backward()
opt.step()
