"""A multi-crop loss (the term of a view with itself skipped) backpropagated, then a scaled
copy of it backpropagated again for an auxiliary objective in the same step."""
import torch
import torch.nn.functional as F
from torch import nn


def multicrop_loss(student_out, teacher_out):
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
    loss = multicrop_loss([student(x) for x in views], teacher_out)
    opt.zero_grad()
    loss.backward()
    aux = 0.1 * loss
    aux.backward()  # expect: TL106
    opt.step()
