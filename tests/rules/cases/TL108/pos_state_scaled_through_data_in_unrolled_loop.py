import torch
import torch.nn as nn

cell = nn.Linear(4, 4)


def unroll(h, xs):
    for x in xs:
        h.data.mul_(0.9)  # expect: TL108
        h = torch.tanh(cell(x) + h)
    return h


h0 = torch.zeros(2, 4)
out = unroll(h0, [torch.randn(2, 4) for _ in range(3)])
out.sum().backward()
