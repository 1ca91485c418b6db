"""The same hand-written momentum SGD, its update under `torch.no_grad()`."""
import torch


class MomentumSGD:
    def __init__(self, params, lr=0.05, momentum=0.9):
        self.params = list(params)
        self.lr = lr
        self.momentum = momentum
        self.bufs = [torch.zeros_like(p) for p in self.params]

    @torch.no_grad()
    def step(self):
        for p, buf in zip(self.params, self.bufs):
            buf.mul_(self.momentum).add_(p.grad)
            p.sub_(self.lr * buf)
            p.grad = None


weight = torch.zeros(4, 1, requires_grad=True)
bias = torch.zeros(1, requires_grad=True)
opt = MomentumSGD([weight, bias])
X, y = torch.randn(16, 4), torch.randn(16, 1)
for _ in range(3):
    loss = ((X @ weight + bias - y) ** 2).mean()
    loss.backward()
    opt.step()
