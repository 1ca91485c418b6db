"""Adam written out by hand over `enumerate(params)`: `W` is the product, not the leaf."""
import torch
import torch.nn.functional as F

X = torch.randn(64, 10)
y = torch.randint(0, 3, (64,))
W = torch.randn(10, 3, requires_grad=True) * 0.01  # expect: TL104
b = torch.zeros(3, requires_grad=True)
params = [W, b]
m = [torch.zeros_like(p) for p in params]


def adam_step(t, lr=1e-2, beta=0.9):
    with torch.no_grad():
        for i, p in enumerate(params):
            g = p.grad
            m[i] = beta * m[i] + (1 - beta) * g
            p -= lr * m[i] / (1 - beta**t)
            p.grad = None


for step in range(1, 6):
    loss = F.cross_entropy(X @ W + b, y)
    loss.backward()
    adam_step(step)
