"""Graph distillation: the trainer's own method runs the teacher under no_grad; a helper
handed plain data makes no target of its own."""
from dataclasses import dataclass

import torch
import torch.nn.functional as F
from torch import nn


@dataclass
class Graph:
    x: torch.Tensor
    y: torch.Tensor


class Distiller:
    def __init__(self, teacher, student, temperature=2.0):
        self.teacher, self.student, self.t = teacher, student, temperature
        self.opt = torch.optim.Adam(student.parameters(), lr=1e-2)

    @torch.no_grad()
    def soft_targets(self, g):
        self.teacher.eval()
        return F.softmax(self.teacher(g.x) / self.t, dim=-1)

    def step(self, g):
        targets = self.soft_targets(g)
        logits = self.student(g.x)
        kd = F.kl_div(F.log_softmax(logits / self.t, dim=-1), targets, reduction="batchmean")
        loss = kd + F.cross_entropy(logits, g.y)
        self.opt.zero_grad()
        loss.backward()
        self.opt.step()
        return loss.item()


g = Graph(torch.randn(10, 6), torch.randint(0, 3, (10,)))
teacher = nn.Sequential(nn.Linear(6, 16), nn.ReLU(), nn.Linear(16, 3))
distiller = Distiller(teacher, nn.Linear(6, 3))
for _ in range(2):
    print(distiller.step(g))
