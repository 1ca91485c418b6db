import torch
import torch.nn as nn

model = nn.Linear(3, 1)
x = torch.randn(5, 3, requires_grad=True)
loss = model(x).sum()
loss.backward()
print(x.grad, model.weight.grad)
for p in model.parameters():
    print(p.grad)


def unknown(t):
    return t.grad
