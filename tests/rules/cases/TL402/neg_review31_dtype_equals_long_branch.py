import torch
import torch.nn.functional as F


def loss_fn(pred, target):
    if target.dtype == torch.long:
        return F.cross_entropy(pred, target)
    return F.binary_cross_entropy_with_logits(pred.squeeze(-1), target)   # float targets only


pred = torch.randn(4, 3, requires_grad=True)
loss_fn(pred, torch.randint(0, 3, (4,))).backward()
