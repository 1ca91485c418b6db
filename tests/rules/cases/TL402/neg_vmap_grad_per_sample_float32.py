"""Per-sample gradients with torch.func where the numpy batch is cast to float32 first;
vmap also maps a module call and a function whose mapped input is a dict."""

import numpy as np
import torch
import torch.nn as nn
import torch.nn.functional as F
from torch.func import functional_call, grad, vmap

rng = np.random.default_rng(0)
x = torch.from_numpy(rng.normal(size=(32, 6)).astype(np.float32))
y = torch.from_numpy(rng.integers(0, 3, size=32))
model = nn.Linear(6, 3)
params = {k: v.detach() for k, v in model.named_parameters()}


def loss_fn(p, xi, yi):
    out = functional_call(model, p, (xi.unsqueeze(0),))
    return F.cross_entropy(out, yi.unsqueeze(0))


grads = vmap(grad(loss_fn), in_dims=(None, 0, 0))(params, x, y)
print({k: tuple(g.shape) for k, g in grads.items()})

batched = vmap(model)(x)
print(batched.shape)


def scale(d, s):
    return d["a"] * s


doubled = vmap(scale, in_dims=({"a": 0}, None))({"a": torch.randn(4, 2, dtype=torch.float64)}, 2.0)
mixed = doubled @ torch.randn(2, 2, dtype=torch.float64)
print(mixed.dtype)
