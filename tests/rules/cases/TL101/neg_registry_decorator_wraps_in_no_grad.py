"""A registering decorator of the file that stores and returns `torch.no_grad()(fn)`: the
decorated helper runs without autograd, so its in-place update of parameters is fine."""
import torch
import torch.nn as nn

REG = {}


def register(name):
    def deco(fn):
        wrapped = torch.no_grad()(fn)
        REG[name] = wrapped
        return wrapped
    return deco


@register("shrink")
def shrink(model):
    for p in model.parameters():
        p.mul_(0.9)


shrink(nn.Linear(2, 2))
print("ok")
