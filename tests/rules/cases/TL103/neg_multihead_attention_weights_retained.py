"""The attention weights are kept with `retain_grad()` before backward; with
`need_weights=False` the second call returns None for them and nothing is read."""
import torch
import torch.nn as nn

mha = nn.MultiheadAttention(8, 2, batch_first=True)
tokens = torch.randn(3, 5, 8)
out, weights = mha(tokens, tokens, tokens)
weights.retain_grad()
(out.sum() + weights.sum()).backward()
relevance = weights.grad * weights.detach()
fast, none = mha(tokens, tokens, tokens, need_weights=False)
assert none is None
