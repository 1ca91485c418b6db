"""The same distillation with the teacher run under no_grad: its targets need no grad."""
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
        return F.kl_div(log_p, q, reduction="batchmean") * t * t


teacher = make_mlp([10, 64, 3]).eval()
student = make_mlp([10, 8, 3])
criterion = DistillationLoss()
opt = torch.optim.Adam(student.parameters(), lr=1e-2)
x = torch.randn(32, 10)
for step in range(5):
    with torch.no_grad():
        soft = teacher(x)
    loss = criterion(student(x), soft)
    opt.zero_grad()
    loss.backward()
    opt.step()
