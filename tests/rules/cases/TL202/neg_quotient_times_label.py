"""A contrastive loss weighs a per-pair mean distance by the 0/1 label: a quotient by a token
count multiplied by a label. Where the count is 0 the quotient is already inf/NaN in the
forward pass, and the label is not about those zeros at all."""

import torch
import torch.nn as nn
import torch.nn.functional as F

PAD = 0
embed = nn.Embedding(50, 8, padding_idx=PAD)


def mean_nearest(a, b, mask_a):
    d2 = (a.unsqueeze(2) - b.unsqueeze(1)).pow(2).sum(-1).clamp_min(1e-12)
    nearest = d2.sqrt().min(dim=2).values
    nearest = torch.where(mask_a, nearest, torch.zeros_like(nearest))
    return nearest.sum(1) / mask_a.sum(1)


ids_a = torch.randint(1, 50, (4, 6))
ids_b = torch.randint(1, 50, (4, 6))
y = (torch.rand(4) < 0.5).float()
dist = mean_nearest(embed(ids_a), embed(ids_b), ids_a.ne(PAD))
loss = (y * dist.pow(2) + (1 - y) * F.relu(1.0 - dist).pow(2)).mean()
loss.backward()
print(torch.isfinite(embed.weight.grad).all().item())
