"""The same accumulator filled with zeros before use, and a buffer of the same shape made
with `torch.zeros`."""
import torch
from torch import nn

model = nn.Linear(4, 2)
w = model.weight
acc = torch.FloatTensor(*w.shape).zero_()
other = torch.zeros(*w.size())
for _ in range(3):
    loss = model(torch.randn(8, 4)).pow(2).mean()
    (g,) = torch.autograd.grad(loss, [w])
    acc += g.pow(2)
    other += g.abs()
print(acc / 3, other)
