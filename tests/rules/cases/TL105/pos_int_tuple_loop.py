"""A sanity check run for several sizes from a comprehension: `dim` is an int, so the
`arange` is int64."""
import torch


def check(dim):
    x = torch.arange(1, dim + 1, requires_grad=True)  # expect: TL105
    (x**3).sum().backward()
    return torch.allclose(x.grad, 3 * x.detach() ** 2)


results = [check(d) for d in (2, 4, 8)]
print(all(results))
