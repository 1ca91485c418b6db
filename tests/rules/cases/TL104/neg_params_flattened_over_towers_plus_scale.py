"""CLIP-style training: the logit scale is a leaf (made with its value, then requires_grad)."""
import math

import torch
from torch import nn


def make_logit_scale(init_temperature):
    return torch.full([], math.log(1 / init_temperature)).requires_grad_()


def build_optimizer(modules, extra_params, lr):
    params = [p for m in modules for p in m.parameters()]
    params += list(extra_params)
    return torch.optim.AdamW(params, lr=lr)


image_tower, text_tower = nn.Linear(8, 4), nn.Linear(6, 4)
logit_scale = make_logit_scale(0.07)
optimizer = build_optimizer([image_tower, text_tower], [logit_scale], 1e-3)
print(len(optimizer.param_groups[0]["params"]))
