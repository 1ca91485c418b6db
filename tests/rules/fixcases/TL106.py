import torch

a = torch.randn(3, requires_grad=True)
loss = (a * a).sum()
loss.backward()
loss.backward()
print(a.grad)
