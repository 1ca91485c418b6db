import torch
import torch.nn as nn

x = torch.rand(256, 2, requires_grad=True)
custom_op = nn.Linear(2, 10)
res = torch.autograd.gradcheck(custom_op, (x,))  # expect: TL201
print(res)
