import torch

a = torch.tensor([1.0, 2.0, 3.0], requires_grad=True)
out = a.sigmoid()
c = out.data
c.zero_()  # expect: TL108
out.sum().backward()
print(a.grad)
