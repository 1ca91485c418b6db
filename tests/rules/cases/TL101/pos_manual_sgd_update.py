import torch

w = torch.randn(4, 1, requires_grad=True)
b = torch.zeros(1, requires_grad=True)
x = torch.randn(16, 4)
y = torch.randn(16, 1)
lr = 0.1
for step in range(10):
    loss = ((x @ w + b - y) ** 2).mean()
    loss.backward()
    w -= lr * w.grad  # expect: TL101
    b -= lr * b.grad  # expect: TL101
