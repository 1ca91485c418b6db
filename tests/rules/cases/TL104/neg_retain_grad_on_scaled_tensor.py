"""The scaled tensor is not the leaf, but `retain_grad()` keeps its gradient: reading
`W.grad` is fine (handing it to an optimizer would not be)."""
import torch

X = torch.randn(32, 10)
W = torch.randn(10, 3, requires_grad=True) * 0.01
W.retain_grad()
b = torch.zeros(3, requires_grad=True)
for i, p in enumerate([W, b]):
    p.retain_grad()
loss = (X @ W + b).pow(2).mean()
loss.backward()
print(W.grad.shape, b.grad.shape)
