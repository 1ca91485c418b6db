import torch

a = torch.tensor([1.0, 2.0, 3.0, 4.0, 5.0], requires_grad=True)
b = a[:2]
b.retain_grad()
c = 2.0 * b.sum()
c.retain_grad()
c.backward()
print(b.grad)
print(c.grad)
print(a.grad)
