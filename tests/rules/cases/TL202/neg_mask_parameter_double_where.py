# A masked percentage error whose mask comes from the caller: the denominator is made safe
# with the same mask first.
import torch


def masked_mape(pred, target, mask):
    denom = torch.where(mask, target.abs(), torch.ones_like(target))
    ape = torch.where(mask, (pred - target).abs() / denom, torch.zeros_like(pred))
    return ape.sum() / mask.sum()


pred = torch.randn(4, 5, requires_grad=True)
target = torch.rand(4, 5) + 0.5
mask = torch.ones(4, 5, dtype=torch.bool)
mask[:, 3:] = False
target[:, 3:] = 0.0
masked_mape(pred, target, mask).backward()
assert not torch.isnan(pred.grad).any()
