"""Knowledge distillation with the frozen teacher kept in host memory: its logits are
moved to the student's device before the loss."""
import torch
import torch.nn.functional as F
from torch import nn

device = "cuda" if torch.cuda.is_available() else "cpu"


def kd_loss(student_logits, teacher_logits, labels, T=2.0, alpha=0.5):
    log_p = F.log_softmax(student_logits / T, dim=-1)
    q = F.softmax(teacher_logits / T, dim=-1)
    soft = F.kl_div(log_p, q, reduction="batchmean") * T * T
    return alpha * soft + (1 - alpha) * F.cross_entropy(student_logits, labels)


teacher = nn.Linear(16, 3).eval()
teacher.requires_grad_(False)
student = nn.Linear(16, 3).to(device)
x, labels = torch.randn(8, 16), torch.randint(0, 3, (8,))
with torch.no_grad():
    t_logits = teacher(x)
loss = kd_loss(student(x.to(device)), t_logits.to(device), labels.to(device))
loss.backward()
print("ok")
