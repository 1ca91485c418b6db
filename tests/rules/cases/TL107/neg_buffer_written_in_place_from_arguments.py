import torch


def aggregate(msg, dst, n):
    out = torch.zeros(n, 3)
    out.index_add_(0, dst, msg)
    return out


def scatter_step(msg, dst):
    out = aggregate(msg, dst, 4)
    out.sum().backward()


def row_step(h):
    buf = torch.zeros(4, 3)
    buf[0] = h
    buf.sum().backward()


def copy_step(h):
    buf = torch.zeros(4, 3)
    buf.copy_(h * 2)
    buf.sum().backward()


def maybe_step(h, scale: torch.Tensor):
    buf = torch.zeros(4, 3)
    buf.mul_(scale)
    buf.add_(h)
    buf.sum().backward()


w = torch.randn(4, 3, requires_grad=True)
scatter_step(w * 1.0, torch.tensor([0, 1, 1, 3]))
row_step(w[0] * 2)
copy_step(w)
maybe_step(w * 3, torch.tensor(2.0))
print(w.grad.sum())
