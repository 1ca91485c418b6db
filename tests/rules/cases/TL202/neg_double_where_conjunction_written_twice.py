"""Centre-offset regression with a double-where safe Euclidean error: the condition
`fg & (sq > eps)` is written out again for the outer where."""
import torch
from torch import nn


def offset_loss(pred, target, fg, eps=1e-12):
    sq = ((pred - target) ** 2).sum(dim=1)
    safe = torch.where(fg & (sq > eps), sq, torch.ones_like(sq))
    err = torch.where(fg & (sq > eps), torch.sqrt(safe), torch.zeros_like(sq))
    return err.sum() / fg.sum().clamp_min(1)


head = nn.Conv2d(4, 2, 1)
nn.init.zeros_(head.weight)
nn.init.zeros_(head.bias)
feats = torch.randn(2, 4, 8, 8)
target = torch.zeros(2, 2, 8, 8)
target[:, :, 2:5, 2:5] = 1.0
fg = torch.zeros(2, 8, 8, dtype=torch.bool)
fg[:, 1:6, 1:6] = True
loss = offset_loss(head(feats), target, fg)
loss.backward()
assert torch.isfinite(head.weight.grad).all()
print(loss.item())
