import math

import torch as T
from torch import nn, optim


def new_adapter(in_f, out_f, rank):
    A = T.randn(rank, in_f, requires_grad=True) * (1.0 / math.sqrt(in_f))  # expect: TL104
    B = T.zeros(out_f, rank, requires_grad=True)
    return A, B


def attach_lora(model, targets=("q_proj", "v_proj"), rank=4):
    for p in model.parameters():
        p.requires_grad_(False)
    trainable = []
    adapters = {}
    for name in targets:
        layer = getattr(model, name)
        A, B = new_adapter(layer.in_features, layer.out_features, rank)
        adapters[name] = (A, B)
        trainable += [A, B]
    return trainable, adapters


class Attn(nn.Module):
    def __init__(self, d=16):
        super().__init__()
        self.q_proj = nn.Linear(d, d)
        self.v_proj = nn.Linear(d, d)


params, _ = attach_lora(Attn())
opt = optim.AdamW(params, lr=1e-3)
