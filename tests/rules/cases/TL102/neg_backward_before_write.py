import torch

a = torch.randn(3, requires_grad=True)
b = a.exp()
loss = b.sum()
loss.backward()
b.zero_()  # after the backward: nothing left to break
