# gradcheck fails for custom function
import torch
from torch.autograd import Function

class MyReLU(Function):
    @staticmethod
    def forward(ctx, inp):
        ctx.save_for_backward(inp)
        return inp.clamp(min=0)

    @staticmethod
    def backward(ctx, grad_output):
        inp, = ctx.saved_tensors
        grad_input = grad_output.clone()
        grad_input[inp < 0] = 0
        return grad_input

inp = torch.randn(20, 20, requires_grad=True)
test = torch.autograd.gradcheck(MyReLU.apply, (inp,), eps=1e-6, atol=1e-4)  # expect: TL201
print(test)
