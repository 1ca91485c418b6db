import torch

a = torch.rand(3, dtype=torch.float64, requires_grad=True)
b = torch.rand(3).double().requires_grad_()
c = (torch.randn(10, 5) * 0.01).requires_grad_()
d = torch.zeros(3, requires_grad=True).to("cpu")  # a no-op conversion returns the leaf itself
e = torch.ones(3, requires_grad=True).float()  # already float32: returns the leaf itself
opt = torch.optim.SGD([a, b, c, d, e], lr=0.1)
(a + b + c.sum() + d + e).sum().backward()
print(a.grad, b.grad, c.grad, d.grad, e.grad)
