import torch

a = torch.randn(3, requires_grad=True)
loss = (a * a).sum()
loss.backward(retain_graph=True)
loss.backward()

b = torch.randn(3, requires_grad=True)
s = (b + 1).sum()  # saves nothing: a second backward works
s.backward()
s.backward()

W = torch.randn(5, 5, requires_grad=True)
h = torch.zeros(1, 5)
for t in range(10):
    h = h.detach()
    h = torch.tanh(torch.randn(1, 5) + h @ W)
    h.pow(2).sum().backward()

for step in range(3):
    out = (W * 2).sum()
    out.backward()

x = torch.randn(3, requires_grad=True)
y = (x**3).sum()
(g,) = torch.autograd.grad(y, x, create_graph=True)
g.sum().backward()
