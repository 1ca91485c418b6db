import torch
from torch.autograd import Function, gradcheck


class Square(Function):
    @staticmethod
    def forward(ctx, x):
        ctx.save_for_backward(x)
        return x * x

    @staticmethod
    def backward(ctx, grad):
        (x,) = ctx.saved_tensors
        return 2 * x * grad


def check():
    data = torch.randn(5, 3, requires_grad=True)
    return gradcheck(Square.apply, (data,))  # expect: TL201
