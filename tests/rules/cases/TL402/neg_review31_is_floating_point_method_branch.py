import torch
import torch.nn.functional as F


def loss_fn(pred, target):
    if target.is_floating_point():
        return F.mse_loss(pred.squeeze(-1), target)
    return F.cross_entropy(pred, target)      # only reached for integer targets


pred = torch.randn(4, 1, requires_grad=True)
loss_fn(pred, torch.randn(4)).backward()
