import torch
import torch.nn as nn
from torch.autograd import gradcheck

x = torch.rand(256, 2, requires_grad=True).double()
custom_op = nn.Linear(2, 10).double()
assert gradcheck(custom_op, (x,))

inp = torch.randn(4, requires_grad=True, dtype=torch.float64)
gradcheck(torch.sigmoid, (inp,), eps=1e-6)
y = torch.randn(4, dtype=torch.double, requires_grad=True)
gradcheck(torch.sigmoid, (y,))
mask = torch.randn(4) > 0  # inputs that do not require grad are not checked
gradcheck(lambda a, m: a * m, (y, mask.float()))


def check(t):
    return gradcheck(torch.exp, (t,))
