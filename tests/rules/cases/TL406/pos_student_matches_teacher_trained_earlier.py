import torch
import torch.nn.functional as F
from torch import nn


def mlp(hidden):
    return nn.Sequential(nn.Linear(20, hidden), nn.ReLU(), nn.Linear(hidden, 3))


X, y = torch.randn(64, 20), torch.randint(0, 3, (64,))
teacher = mlp(128)
opt_t = torch.optim.Adam(teacher.parameters(), lr=1e-3)
for epoch in range(2):
    opt_t.zero_grad()
    F.cross_entropy(teacher(X), y).backward()
    opt_t.step()

student = mlp(8)
opt_s = torch.optim.Adam(student.parameters(), lr=1e-2)
teacher.eval()
for epoch in range(2):
    opt_s.zero_grad()
    s_logits = student(X)
    t_logits = teacher(X)
    distill = F.mse_loss(s_logits, t_logits)  # expect: TL406
    (0.5 * distill + 0.5 * F.cross_entropy(s_logits, y)).backward()
    opt_s.step()
