# d2l-style linear regression from scratch: parameters made with torch.normal and
# updated in a loop over a list, outside no_grad.
import torch

true_w = torch.tensor([2.0, -3.4])
features = torch.normal(0, 1, (100, 2))
labels = features @ true_w + 4.2

w = torch.normal(0, 0.01, size=(2, 1), requires_grad=True)
b = torch.zeros(1, requires_grad=True)
lr = 0.03
for epoch in range(3):
    y_hat = features @ w + b
    loss = ((y_hat.squeeze() - labels) ** 2 / 2).mean()
    loss.backward()
    for param in [w, b]:
        param -= lr * param.grad  # expect: TL101
        param.grad.zero_()

scale = torch.normal(1.0, 0.1, (3,), requires_grad=True)
scale.mul_(2)  # expect: TL101
