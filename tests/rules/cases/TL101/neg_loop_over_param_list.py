import torch

features = torch.normal(0, 1, (100, 2))
labels = features.sum(1)
w = torch.normal(0, 0.01, size=(2, 1), requires_grad=True)
b = torch.zeros(1, requires_grad=True)
lr = 0.03
for epoch in range(3):
    loss = ((features @ w + b).squeeze() - labels).pow(2).mean()
    loss.backward()
    with torch.no_grad():
        for param in [w, b]:
            param -= lr * param.grad
            param.grad.zero_()

# buffers that do not require grad, in a tuple
running_mean = torch.zeros(2)
running_var = torch.ones(2)
for buf in (running_mean, running_var):
    buf.mul_(0.9)

# sampling from tensors is an op of them, not a new leaf
mu = torch.zeros(3, requires_grad=True)
sigma = torch.ones(3)
sample = torch.normal(mu.detach(), sigma)
sample.add_(1)
