# Accelerate-style loop: the backward happens inside the accelerator, the step in the loop,
# and nothing zeroes the gradients.
import torch
import torch.nn as nn
import torch.nn.functional as F


class Accelerator:
    def prepare(self, model, optimizer):
        return model, optimizer

    def backward(self, loss):
        loss.backward()


accelerator = Accelerator()
model, opt = accelerator.prepare(nn.Linear(4, 2), None)
opt = torch.optim.SGD(model.parameters(), lr=0.1)
for step in range(5):
    x, y = torch.randn(8, 4), torch.randint(0, 2, (8,))
    loss = F.cross_entropy(model(x), y)
    accelerator.backward(loss)
    opt.step()  # expect: TL301
