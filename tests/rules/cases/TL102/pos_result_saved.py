import torch

x = torch.randn(3, requires_grad=True)
y = torch.sigmoid(x)
y.mul_(2)  # expect: TL102
y.sum().backward()

h = torch.randn(3, requires_grad=True) * 3
r = torch.relu(h)
r += 1  # expect: TL102
r.sum().backward()

z = x.exp()
z.relu_()  # expect: TL102
z.sum().backward()
