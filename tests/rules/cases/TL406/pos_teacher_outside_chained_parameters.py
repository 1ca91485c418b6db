"""Distillation: the optimizer chains the student's and the head's parameters; the teacher,
not among them, gives the target without being detached."""
import itertools

import torch
import torch.nn as nn
import torch.nn.functional as F

student, head, teacher = nn.Linear(4, 4), nn.Linear(4, 4), nn.Linear(4, 4)
opt = torch.optim.SGD(itertools.chain(*(m.parameters() for m in (student, head))), lr=0.1)
x = torch.randn(2, 4)
loss = F.mse_loss(head(student(x)), teacher(x))  # expect: TL406
opt.zero_grad()
loss.backward()
opt.step()
