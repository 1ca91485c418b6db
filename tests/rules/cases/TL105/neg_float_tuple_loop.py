"""The same check with float sizes: `arange(1, 3.0)` is float32 and may require grad."""
import torch


def check(stop):
    x = torch.arange(1, stop + 1, requires_grad=True)
    (x**3).sum().backward()
    return torch.allclose(x.grad, 3 * x.detach() ** 2)


for stop in (2.0, 4.0, 8.0):
    print(check(stop))
