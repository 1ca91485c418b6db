import torch
import torch.nn as nn
import torch.nn.functional as F

logits = torch.randn(4, 3, requires_grad=True)
target = torch.tensor([0, 2, 1, 0])
loss = F.cross_entropy(logits, target)
nll = F.nll_loss(F.log_softmax(logits, dim=1), target)
probs = F.softmax(logits, dim=1)  # used for metrics only
acc = (probs.argmax(1) == target).float().mean()
kl = F.kl_div(F.log_softmax(logits, 1), probs.detach(), reduction="batchmean")


def loss_fn(out, y):
    return F.cross_entropy(out, y)
