import torch

w = torch.normal(0.0, 1.0, size=(3,), requires_grad=True)
v = w * 2
v.sum().backward()
print(v.grad)  # expect: TL103
