# The same distillation with the teacher run under no_grad.
import torch
import torch.nn as nn
import torch.nn.functional as F


def mlp(d_in, hidden, d_out, depth):
    layers = []
    for i in range(depth):
        layers += [nn.Linear(d_in if i == 0 else hidden, hidden), nn.ReLU()]
    layers.append(nn.Linear(hidden, d_out))
    return nn.Sequential(*layers)


teacher = mlp(6, 32, 3, 3).eval()
student = mlp(6, 8, 3, 1)
opt = torch.optim.Adam(student.parameters(), lr=1e-3)
for _ in range(2):
    x = torch.randn(16, 6)
    with torch.no_grad():
        t_logits = teacher(x)
    loss = F.kl_div(F.log_softmax(student(x), 1), F.softmax(t_logits, 1), reduction="batchmean")
    opt.zero_grad()
    loss.backward()
    opt.step()
