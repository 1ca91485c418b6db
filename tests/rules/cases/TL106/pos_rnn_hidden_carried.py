import torch

W = torch.randn(5, 5, requires_grad=True)
h = torch.zeros(1, 5)
for t in range(10):
    x = torch.randn(1, 5)
    h = torch.tanh(x + h @ W)
    loss = h.pow(2).sum()
    loss.backward()  # expect: TL106
