"""Distillation tutorial: the teacher is trained first by its own `opt`, then the student
mimics its detached outputs in another function that also names its optimizer `opt`."""
import torch
import torch.nn.functional as F
from torch import nn


def train_teacher(teacher, x, y, steps):
    opt = torch.optim.Adam(teacher.parameters(), lr=1e-2)
    for _ in range(steps):
        opt.zero_grad()
        F.cross_entropy(teacher(x), y).backward()
        opt.step()
    opt.zero_grad(set_to_none=True)


def distill(student, teacher, x, steps):
    opt = torch.optim.Adam(student.parameters(), lr=1e-2)
    for _ in range(steps):
        opt.zero_grad()
        teacher_logits = teacher(x).detach()
        loss = F.mse_loss(student(x), teacher_logits)
        loss.backward()
        opt.step()


x, y = torch.randn(32, 8), torch.randint(0, 3, (32,))
teacher = nn.Sequential(nn.Linear(8, 32), nn.ReLU(), nn.Linear(32, 3))
student = nn.Linear(8, 3)
train_teacher(teacher, x, y, 3)
distill(student, teacher, x, 2)
print("teacher grad after distillation:", teacher[0].weight.grad)
