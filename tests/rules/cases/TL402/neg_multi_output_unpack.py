import torch
import torch.nn.functional as F

teacher_logits = torch.randn(8, 5)
student_logits = torch.randn(8, 5, requires_grad=True)
_, pseudo = teacher_logits.max(1)
values, order = torch.sort(teacher_logits, dim=1, descending=True)
top_v, top_i = torch.topk(teacher_logits, 1)
loss = F.cross_entropy(student_logits, pseudo)
loss = loss + F.cross_entropy(student_logits, order[:, 0]) + F.cross_entropy(student_logits, top_i[:, 0])
first, second = student_logits.chunk(2, dim=1)
loss = loss + first.pow(2).mean() + second.abs().mean()
loss.backward()
