"""Gradient-times-attention relevance: the weights `nn.MultiheadAttention` returns are
computed from the projections, not a leaf; without `retain_grad()` their `.grad` is None."""
import torch
import torch.nn as nn

mha = nn.MultiheadAttention(8, 2, batch_first=True)
head = nn.Linear(8, 2)
tokens = torch.randn(3, 5, 8)
out, weights = mha(tokens, tokens, tokens, need_weights=True)
loss = head(out.mean(1)).sum() + 0.1 * weights.pow(2).sum()
loss.backward()
relevance = weights.grad  # expect: TL103
