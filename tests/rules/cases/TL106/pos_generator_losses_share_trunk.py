"""Multi-task losses from a generator: the shared trunk runs once, before the generator's
loop, and each task's loss is backpropagated on its own; the second backward goes
through the trunk's graph that the first one freed."""
import torch
import torch.nn as nn
import torch.nn.functional as F

trunk = nn.Sequential(nn.Linear(6, 16), nn.Tanh())
heads = nn.ModuleList([nn.Linear(16, 1) for _ in range(3)])
opt = torch.optim.SGD([*trunk.parameters(), *heads.parameters()], lr=0.1)


def task_losses(x, ys):
    h = trunk(x)
    for head, y in zip(heads, ys):
        yield F.mse_loss(head(h).squeeze(1), y)


x = torch.randn(8, 6)
ys = [torch.randn(8) for _ in range(3)]
opt.zero_grad()
for loss in task_losses(x, ys):
    loss.backward()  # expect: TL106
opt.step()
