import torch

x = torch.randn(3, requires_grad=True)
y = torch.sigmoid(x)
y.mul_(2)
y.sum().backward()
print(x.grad)
