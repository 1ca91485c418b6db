import torch

a = torch.randn(3, requires_grad=True)
b = a + 2
y = b + 1  # addition saves nothing
b[0] = 1000.0
y.sum().backward()

x = torch.randn(3, requires_grad=True)
h = x * 2  # multiplication by a number saves nothing of x
s = torch.sigmoid(h)  # sigmoid saves its result, not its input
h.add_(1)
s.sum().backward()
