import torch

a = torch.randn(2, 3)
b = torch.randn(3, 4, dtype=torch.float64)
c = a @ b
print(c.shape)
