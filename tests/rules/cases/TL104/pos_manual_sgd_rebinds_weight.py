import torch

x = torch.linspace(0, 1, 10)
y = 3 * x + 1
w = torch.zeros(1, requires_grad=True)
b = torch.zeros(1, requires_grad=True)
for step in range(5):
    loss = ((w * x + b - y) ** 2).mean()
    loss.backward()
    w = w - 0.1 * w.grad  # expect: TL104
    with torch.no_grad():
        b -= 0.1 * b.grad
        b.grad.zero_()
