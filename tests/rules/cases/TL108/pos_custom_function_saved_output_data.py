"""Mixture weights from a custom exp Function, renormalised through .data."""
import torch
import torch.nn as nn


class SafeExp(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x):
        out = torch.exp(x.clamp(max=30.0))
        ctx.save_for_backward(out)
        return out

    @staticmethod
    def backward(ctx, grad_out):
        (out,) = ctx.saved_tensors
        return grad_out * out


class Mixture(nn.Module):
    def __init__(self, k=4):
        super().__init__()
        self.logits = nn.Parameter(torch.randn(k))

    def weights(self):
        w = SafeExp.apply(self.logits)
        w.data /= w.data.sum()  # expect: TL108
        return w


mix = Mixture()
loss = -(mix.weights() * torch.arange(4.0)).sum()
loss.backward()
print(mix.logits.grad)
