import torch


def sgd(params, lr, batch_size):
    """Minibatch stochastic gradient descent."""
    for param in params:
        param -= lr * param.grad / batch_size  # expect: TL101
        param.grad.zero_()


def linreg(X, w, b):
    return X @ w + b


w = torch.normal(0, 0.01, size=(2, 1), requires_grad=True)
b = torch.zeros(1, requires_grad=True)
features = torch.randn(100, 2)
labels = features @ torch.tensor([[2.0], [-3.4]]) + 4.2

for epoch in range(3):
    for i in range(0, 100, 10):
        l = ((linreg(features[i:i + 10], w, b) - labels[i:i + 10]) ** 2 / 2).sum()
        l.backward()
        sgd([w, b], 0.03, 10)
