# An SGD update decorated with no_grad, reached four calls down.
import torch


@torch.no_grad()
def sgd_update(p, buf, lr, momentum, wd):
    g = p.grad + wd * p
    buf.mul_(momentum).add_(g)
    p.add_(buf, alpha=-lr)
    p.grad.zero_()
    return buf


def step(w, buf):
    loss = (w * 3.0).pow(2).sum()
    loss.backward()
    sgd_update(w, buf, 0.1, 0.9, 1e-4)
    return loss


def train(w):
    buf = torch.zeros_like(w)
    for _ in range(3):
        step(w, buf)


def main():
    w = torch.randn(3, requires_grad=True)
    train(w)
    print(w)


main()
