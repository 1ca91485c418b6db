import torch

x = torch.tensor([1, 2, 3], requires_grad=True)
(x * 2).sum().backward()
print(x.grad)
