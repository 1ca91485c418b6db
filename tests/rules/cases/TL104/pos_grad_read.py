import torch

w = torch.rand(3, requires_grad=True).double()  # expect: TL104
loss = (w * 2).sum()
loss.backward()
print(w.grad)
