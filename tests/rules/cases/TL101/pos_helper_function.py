import torch


def reset(t):
    t.zero_()  # expect: TL101


params = torch.ones(3, requires_grad=True)
reset(params)
