"""Magnitude pruning: masks applied to the weights found through named_modules()."""
import torch
from torch import nn


def compute_masks(model, sparsity=0.5):
    masks = {}
    for name, module in model.named_modules():
        if isinstance(module, nn.Linear):
            w = module.weight.detach().abs()
            masks[name] = (w > w.flatten().kthvalue(int(sparsity * w.numel())).values).float()
    return masks


def apply_masks(model, masks):
    modules = dict(model.named_modules())
    for name, mask in masks.items():
        modules[name].weight.mul_(mask)  # expect: TL101


model = nn.Sequential(nn.Linear(8, 16), nn.ReLU(), nn.Linear(16, 2))
apply_masks(model, compute_masks(model))
