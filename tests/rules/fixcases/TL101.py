import torch

w = torch.randn(3, requires_grad=True)
w.add_(1)
print("ok", w)
