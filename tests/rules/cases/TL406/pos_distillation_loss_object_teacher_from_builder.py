"""Distillation with a loss object: the teacher, built by an MLP helper with optional
activations, runs with grad, so its soft targets require grad."""
import torch
import torch.nn as nn
import torch.nn.functional as F


def make_mlp(widths):
    layers = []
    for i, (cin, cout) in enumerate(zip(widths[:-1], widths[1:])):
        layers.append(nn.Linear(cin, cout))
        if i < len(widths) - 2:
            layers.append(nn.ReLU())
    return nn.Sequential(*layers)


class DistillationLoss:
    def __init__(self, temperature=4.0):
        self.temperature = temperature

    def __call__(self, student_logits, teacher_logits):
        t = self.temperature
        log_p = F.log_softmax(student_logits / t, dim=1)
        q = F.softmax(teacher_logits / t, dim=1)
        return F.kl_div(log_p, q, reduction="batchmean") * t * t  # expect: TL406


teacher = make_mlp([10, 64, 3]).eval()
student = make_mlp([10, 8, 3])
criterion = DistillationLoss()
opt = torch.optim.Adam(student.parameters(), lr=1e-2)
x = torch.randn(32, 10)
for step in range(5):
    loss = criterion(student(x), teacher(x))
    opt.zero_grad()
    loss.backward()
    opt.step()
