"""A custom Function that saves a tensor, then returns another bound to the same name (review reproducer)."""
import torch


class ScaledExp(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x, scale):
        out = x.exp()
        ctx.save_for_backward(out)
        out = out * scale
        ctx.scale = scale
        return out

    @staticmethod
    def backward(ctx, g):
        (e,) = ctx.saved_tensors
        return g * e * ctx.scale, None


x = torch.randn(4, requires_grad=True)
y = ScaledExp.apply(x, 2.0)
y.add_(1.0)
y.sum().backward()
print("ok", x.grad)
