import torch

a = torch.randn(3, requires_grad=True)
b = a + 2
loss = (b * b).mean()
b = b.clone()
b[0] = 1000.0
loss.backward()

y = torch.sigmoid(a)
y.mul_(2)  # no backward follows through `y`'s graph in this file
print(y)

with torch.no_grad():
    p = torch.sigmoid(a)
    p.mul_(2)
    (p * p).sum()
