"""Projecting a leaf in place outside no_grad: PyTorch raises the leaf error at the write
(TL101), before any backward could fail on what `norm` saved; nothing more is reported."""

import torch

v = torch.randn(4, 3, requires_grad=True)
opt = torch.optim.SGD([v], lr=0.1)
for step in range(3):
    loss = (v * 2).sum()
    opt.zero_grad()
    loss.backward()
    opt.step()
    v.div_(v.norm(dim=1, keepdim=True) + 1e-8)  # expect: TL101
