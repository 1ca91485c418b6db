import torch


def scale_(t: torch.Tensor, factor: float) -> torch.Tensor:
    # requires_grad of `t` is unknown here: stay silent
    t.mul_(factor)
    return t


def f(x):
    x += 1
    return x
