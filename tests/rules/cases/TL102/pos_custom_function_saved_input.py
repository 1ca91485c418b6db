"""A hand-written square Function whose saved input is changed before backward."""
import torch


class Square(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x):
        ctx.save_for_backward(x)
        return x * x

    @staticmethod
    def backward(ctx, grad_out):
        (x,) = ctx.saved_tensors
        return 2 * x * grad_out


a = torch.randn(5, requires_grad=True)
b = a * 3
y = Square.apply(b)
b.add_(1.0)  # expect: TL102
y.sum().backward()
