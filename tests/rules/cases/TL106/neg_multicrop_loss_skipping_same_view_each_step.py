"""A DINO-style multi-crop loss called once per training step: the term of a view with
itself is skipped (`continue`, or an `if` around the append), and each step backpropagates
its own fresh loss."""
import torch
import torch.nn.functional as F
from torch import nn


def multicrop_loss(student_out, teacher_out, tau_s=0.1, tau_t=0.04):
    total, terms = 0.0, 0
    for iq, t in enumerate(teacher_out):
        q = F.softmax(t / tau_t, dim=-1)
        for v, s in enumerate(student_out):
            if v == iq:
                continue
            total = total + torch.sum(-q * F.log_softmax(s / tau_s, dim=-1), dim=-1).mean()
            terms += 1
    return total / terms


def pairwise_loss(student_out, teacher_out):
    losses = []
    for iq, t in enumerate(teacher_out):
        q = F.softmax(t, dim=-1)
        for v, s in enumerate(student_out):
            if v != iq:
                losses.append(torch.sum(-q * F.log_softmax(s, dim=-1), dim=-1).mean())
    return torch.stack(losses).mean()


student = nn.Linear(8, 16)
teacher = nn.Linear(8, 16).requires_grad_(False)
opt = torch.optim.SGD(student.parameters(), lr=0.1)
for step in range(3):
    views = [torch.randn(4, 8) for _ in range(3)]
    with torch.no_grad():
        teacher_out = [teacher(x) for x in views[:2]]
    student_out = [student(x) for x in views]
    loss = multicrop_loss(student_out, teacher_out) + pairwise_loss(student_out, teacher_out)
    opt.zero_grad()
    loss.backward()
    opt.step()
print(loss.item())
