"""A distillation loss helper used once; the trainer hands it the teacher's logits, not
detached: said at the helper's loss, where the target is made."""
import torch
import torch.nn as nn
import torch.nn.functional as F


def kd_loss(student_logits, teacher_logits, labels, T=4.0, alpha=0.7):
    soft = F.kl_div(  # expect: TL406
        F.log_softmax(student_logits / T, dim=-1),
        F.softmax(teacher_logits / T, dim=-1),
        reduction="batchmean",
    )
    return alpha * soft * T * T + (1 - alpha) * F.cross_entropy(student_logits, labels)


class Distiller:
    def __init__(self, student, teacher):
        self.student, self.teacher = student, teacher
        self.opt = torch.optim.SGD(student.parameters(), lr=0.1)

    def step(self, x, y):
        s_logits = self.student(x)
        t_logits = self.teacher(x)
        loss = kd_loss(s_logits, t_logits, y)
        self.opt.zero_grad()
        loss.backward()
        self.opt.step()
        return loss.item()


distiller = Distiller(nn.Linear(12, 5), nn.Sequential(nn.Linear(12, 32), nn.ReLU(), nn.Linear(32, 5)))
print(distiller.step(torch.randn(8, 12), torch.randint(0, 5, (8,))))
