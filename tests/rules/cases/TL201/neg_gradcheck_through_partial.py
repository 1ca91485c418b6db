# The same check on a float64 input.
from functools import partial

import torch
import torch.autograd as ag


class Square(ag.Function):
    @staticmethod
    def forward(ctx, x):
        ctx.save_for_backward(x)
        return x * x

    @staticmethod
    def backward(ctx, g):
        (x,) = ctx.saved_tensors
        return 2 * x * g


check = partial(ag.gradcheck, eps=1e-6, atol=1e-4)
x = torch.randn(4, dtype=torch.float64, requires_grad=True)
assert check(Square.apply, (x,))
