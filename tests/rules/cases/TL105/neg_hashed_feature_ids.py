"""Hashed categorical features for a logistic model: the bucket ids index an embedding bag
whose weights get the gradients."""
import numpy as np
import torch
from torch import nn

N_BUCKETS = 97


def hash_field(values, field, n_buckets):
    salt = sum(ord(c) for c in field)
    return (values * 2654435761 + salt) % n_buckets


raw = {f: np.random.randint(0, 10, 32) for f in ("site", "app")}
hashed = np.stack([hash_field(raw[f], f, N_BUCKETS) for f in ("site", "app")], axis=1)
ids = torch.tensor(hashed.reshape(-1))
bag = nn.EmbeddingBag(N_BUCKETS, 1, mode="sum")
scores = bag(ids, torch.arange(0, len(ids), 2))
scores.sum().backward()
weights = torch.tensor(np.abs(hashed).reshape(-1) / N_BUCKETS, requires_grad=True)
print(bag.weight.grad.shape, weights.dtype)
