"""Reformer-style chunking: row offsets from a floor division of int64 positions by a size
read off a tensor's shape are int64, fit for index_select."""

import torch

hidden = torch.randn(2, 8, 4)
bucket_idx = torch.randint(0, 8, (2, 8))
chunk = bucket_idx[bucket_idx >= 0]
offset = torch.arange(chunk.shape[-1], dtype=torch.long)
batch_offset = 8 * (2 * torch.div(offset, chunk.shape[-1], rounding_mode="floor"))
rows = chunk + batch_offset
picked = hidden.reshape(-1, 4).index_select(0, rows)
print(picked.shape)
