"""Causal self-attention that masks the scores before the softmax."""
import math

import torch
import torch.nn as nn
import torch.nn.functional as F


class CausalAttention(nn.Module):
    def __init__(self, d_model=16, n_heads=2, max_len=8):
        super().__init__()
        self.h, self.d = n_heads, d_model // n_heads
        self.qkv = nn.Linear(d_model, 3 * d_model)
        self.register_buffer("causal", torch.tril(torch.ones(max_len, max_len, dtype=torch.bool)))

    def forward(self, x):
        B, T, C = x.shape
        q, k, v = self.qkv(x).split(C, dim=-1)
        q, k, v = (t.view(B, T, self.h, self.d).transpose(1, 2) for t in (q, k, v))
        scores = q @ k.transpose(-2, -1) / math.sqrt(self.d)
        scores = scores.masked_fill(~self.causal[:T, :T], float("-inf"))
        attn = F.softmax(scores, dim=-1)
        return (attn @ v).transpose(1, 2).reshape(B, T, C)


layer = CausalAttention()
layer(torch.randn(2, 8, 16)).pow(2).mean().backward()
print(layer.qkv.weight.grad.norm())
