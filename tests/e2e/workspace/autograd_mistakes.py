import torch
from torch.autograd import gradcheck

w = torch.randn(3, requires_grad=True)
w.add_(1)  # TL101: in-place on a leaf that requires grad

x = torch.randn(4, requires_grad=True)
ok = gradcheck(torch.sigmoid, (x,))  # TL201: float32 input to gradcheck

a = torch.randn(3, requires_grad=True)
loss = (a * a).sum()
loss.backward()
loss.backward()  # TL106: second backward through a freed graph
