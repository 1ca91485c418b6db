import torch

a = torch.randn(4, requires_grad=True)
b = a * 1.5
c = b**2
alias = b
view = alias[1:]
view.zero_()  # expect: TL102
c.sum().backward()
