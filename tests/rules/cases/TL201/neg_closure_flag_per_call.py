# A closure over a flag, called for two inputs: each call knows its own flag.
import torch


def make_input(double):
    def pick_dtype():
        return torch.float64 if double else torch.float32

    return torch.randn(4, dtype=pick_dtype(), requires_grad=True)


x32 = make_input(False)  # for the fast forward test
x64 = make_input(True)   # for gradcheck
print(torch.sin(x32).sum())
assert torch.autograd.gradcheck(torch.sin, (x64,))
