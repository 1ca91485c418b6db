"""Running accumulators for a Fisher estimate made with the legacy constructor from each
parameter's shape: spread sizes, so the memory is uninitialised when it is added to."""
import torch
from torch import nn

model = nn.Linear(4, 2)
w = model.weight
acc = torch.FloatTensor(*w.shape)  # expect: TL404
for _ in range(3):
    loss = model(torch.randn(8, 4)).pow(2).mean()
    (g,) = torch.autograd.grad(loss, [w])
    acc += g.pow(2)
print(acc / 3)
