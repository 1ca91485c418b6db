# distillation: teacher updated?
import torch
import torch.nn as nn
import torch.nn.functional as F
def distill_step(student, teacher, x, optimizer, T=2.0):
    s_logits = student(x)
    t_logits = teacher(x)
    loss = F.kl_div(F.log_softmax(s_logits / T, dim=-1), F.softmax(t_logits / T, dim=-1), reduction="batchmean")  # expect: TL406
    optimizer.zero_grad()
    loss.backward()
    optimizer.step()
teacher = nn.Linear(8, 4)
student = nn.Linear(8, 4)
opt = torch.optim.SGD(student.parameters(), lr=0.1)
distill_step(student, teacher, torch.randn(2, 8), opt)
