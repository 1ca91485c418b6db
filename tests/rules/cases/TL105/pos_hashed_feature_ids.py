"""Hashed categorical features for a logistic model: bucket ids salted by the field name's
character codes, then asked for gradients."""
import numpy as np
import torch

N_BUCKETS = 97


def hash_field(values, field, n_buckets):
    salt = sum(ord(c) for c in field)
    return (values * 2654435761 + salt) % n_buckets


raw = {f: np.random.randint(0, 10, 32) for f in ("site", "app")}
hashed = np.stack([hash_field(raw[f], f, N_BUCKETS) for f in ("site", "app")], axis=1)
ids = torch.tensor(hashed.reshape(-1), requires_grad=True)  # expect: TL105
