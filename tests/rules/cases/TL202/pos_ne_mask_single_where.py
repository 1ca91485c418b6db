import torch

x = torch.tensor([0.0, 1.0, 4.0, 0.0], requires_grad=True)
nonzero = x != 0
inv = torch.where(nonzero, 1.0 / x, torch.zeros_like(x))  # expect: TL202
inv.sum().backward()
print(x.grad)  # nan where x == 0

d = torch.tensor([0.0, 2.0], requires_grad=True)
big = d.abs() > 1e-6
ratio = torch.where(big, 3.0 / d, torch.zeros_like(d))  # expect: TL202
ratio.sum().backward()
