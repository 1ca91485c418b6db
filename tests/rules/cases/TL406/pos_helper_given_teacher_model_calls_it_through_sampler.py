import copy

import torch
import torch.nn as nn
import torch.nn.functional as F


class Sampler:
    def __call__(self, model, x):
        return x - 0.1 * model(x)


def distill_round(teacher, steps=2):
    student = copy.deepcopy(teacher)
    opt = torch.optim.Adam(student.parameters(), lr=1e-3)
    step = Sampler()
    for _ in range(steps):
        x = torch.randn(8, 4)
        x_target = step(teacher, step(teacher, x))
        loss = F.mse_loss(step(student, x), x_target)  # expect: TL406
        opt.zero_grad()
        loss.backward()
        opt.step()
    return student


teacher = nn.Sequential(nn.Linear(4, 16), nn.Tanh(), nn.Linear(16, 4))
for _ in range(2):
    teacher = distill_round(teacher)
