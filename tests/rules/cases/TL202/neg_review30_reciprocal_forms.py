import torch

x = torch.randn(6, requires_grad=True)
mask = x > 0
a = torch.log(torch.reciprocal(1.0 + x ** 2))[mask].sum()
b = torch.log((1.0 + x ** 2) ** -1)[mask].sum()
c = torch.log(1.0 / torch.sqrt(1.0 + x ** 2))[mask].sum()
(a + b + c).backward()
assert torch.isfinite(x.grad).all()
print("ok")
