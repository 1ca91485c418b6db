# Why is my gradient None?
import torch
device = torch.device("cuda" if torch.cuda.is_available() else "cpu")
a = torch.randn(2, 2, requires_grad=True).to(device)  # expect: TL104
b = torch.randn(2, 2, requires_grad=True).cuda()  # expect: TL104
c = (a * b).sum()
c.backward()
print(a.grad, b.grad)
