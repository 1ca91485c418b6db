import torch
import torch.nn as nn

torch.manual_seed(0)
x = torch.rand(8, 2, requires_grad=True)
lin = nn.Linear(2, 4)
print(torch.autograd.gradcheck(lin, (x,)))
