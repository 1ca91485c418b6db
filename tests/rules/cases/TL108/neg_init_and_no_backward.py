import torch
import torch.nn as nn

lin = nn.Linear(4, 4)
lin.weight.data.normal_(0, 0.02)  # initialisation before any forward: fine
lin.bias.data.zero_()

a = torch.tensor([10.0, 5.0, 2.0, 3.0], requires_grad=True)
a.data.fill_(10.0)  # seed 001 "method one": before the tensor is used
loss = (a * a).mean()
loss.backward()
print(a.grad)

out = torch.sigmoid(a)
out.data.zero_()  # no backward through `out` follows
