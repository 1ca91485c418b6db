import torch

x = torch.linspace(0, 1, 10)
y = 3 * x + 1
w = torch.zeros(1, requires_grad=True)
for step in range(5):
    loss = ((w * x - y) ** 2).mean()
    loss.backward()
    with torch.no_grad():
        w = w - 0.1 * w.grad
    w.requires_grad_()
scaled = torch.ones(3, requires_grad=True)
scaled = scaled * 2.0
scaled.sum().backward()
