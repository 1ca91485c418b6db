import torch

a = torch.randn(3, requires_grad=True)
a.add_(1)  # expect: TL101
a += 1  # expect: TL101
a[:] = 0  # expect: TL101
a.zero_()  # expect: TL101
a.copy_(torch.ones(3))  # expect: TL101
a.clamp_(0, 1)  # expect: TL101
a.mul_(2)  # expect: TL101
a.fill_(0)  # expect: TL101
