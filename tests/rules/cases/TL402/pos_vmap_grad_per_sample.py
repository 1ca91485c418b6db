"""Per-sample gradients with torch.func: a float64 batch from numpy meets float32 weights
inside the function that vmap(grad(...)) runs once per sample."""

import numpy as np
import torch
import torch.nn.functional as F
from torch.func import grad, vmap

rng = np.random.default_rng(0)


def load_data(n=128, d=6, n_cls=3):
    centers = rng.normal(scale=2.0, size=(n_cls, d))
    labels = rng.integers(0, n_cls, size=n)
    feats = centers[labels] + rng.normal(size=(n, d))
    return torch.from_numpy(feats), torch.from_numpy(labels)


def init_params(d, hidden, n_cls):
    return {
        "w1": torch.randn(d, hidden) / d**0.5,
        "b1": torch.zeros(hidden),
        "w2": torch.randn(hidden, n_cls) / hidden**0.5,
        "b2": torch.zeros(n_cls),
    }


def forward(params, x):
    h = torch.tanh(x @ params["w1"] + params["b1"])  # expect: TL402
    return h @ params["w2"] + params["b2"]


def sample_loss(params, x, y):
    logits = forward(params, x.unsqueeze(0))
    return F.cross_entropy(logits, y.unsqueeze(0))


per_sample_grads = vmap(grad(sample_loss), in_dims=(None, 0, 0))


def train(steps=3, batch=16, lr=0.1):
    x, y = load_data()
    params = init_params(x.shape[1], 8, 3)
    for _ in range(steps):
        idx = torch.randperm(x.shape[0])[:batch]
        grads = per_sample_grads(params, x[idx], y[idx])
        params = {k: v - lr * grads[k].mean(0) for k, v in params.items()}
    return params


train()
