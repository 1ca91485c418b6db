import torch

x = torch.tensor([0.0, 1.0, 4.0], requires_grad=True)
y = torch.where(x > 0, x.sqrt(), torch.zeros_like(x))
y.sum().backward()
assert not torch.isnan(x.grad).any(), f"NaN gradient {x.grad}"
