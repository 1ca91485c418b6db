"""CLIP-style training: the optimizer gets every tower's parameters, flattened by a nested
comprehension, plus a logit scale scaled after requires_grad=True."""
import math

import torch
from torch import nn


def make_logit_scale(init_temperature):
    return torch.ones([], requires_grad=True) * math.log(1 / init_temperature)  # expect: TL104


def build_optimizer(modules, extra_params, lr):
    params = [p for m in modules for p in m.parameters()]
    params += list(extra_params)
    return torch.optim.AdamW(params, lr=lr)


image_tower, text_tower = nn.Linear(8, 4), nn.Linear(6, 4)
logit_scale = make_logit_scale(0.07)
optimizer = build_optimizer([image_tower, text_tower], [logit_scale], 1e-3)
