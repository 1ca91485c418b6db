# element 0 of tensors does not require grad
import torch
import torch.nn as nn
net = nn.Linear(2, 1)
opt = torch.optim.SGD(net.parameters(), lr=0.1)
x = torch.randn(10, 2)
y = torch.randn(10, 1)
for p in net.parameters():
    p.requires_grad = False
out = net(x)
loss = ((out - y) ** 2).mean()
loss.backward()  # expect: TL107
