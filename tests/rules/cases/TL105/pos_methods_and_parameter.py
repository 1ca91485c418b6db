import torch
import torch.nn as nn

labels = torch.tensor([0, 1, 1])
labels.requires_grad_()  # expect: TL105
idx = torch.arange(10)
idx.requires_grad = True  # expect: TL105
counts = nn.Parameter(torch.zeros(4, dtype=torch.int64))  # expect: TL105


def make_mask(n):
    mask = torch.ones(n, dtype=torch.bool)
    mask.requires_grad_(True)  # expect: TL105
    return mask
