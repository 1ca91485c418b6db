"""A model file without its training loop: in training, backpropagating the block's output
meets the in-place dropout of the attention weights that softmax saved."""

import torch
import torch.nn as nn


class SelfAttention(nn.Module):
    def __init__(self, dim, heads=4):
        super().__init__()
        self.heads = heads
        self.qkv = nn.Linear(dim, dim * 3)
        self.attn_drop = nn.Dropout(0.1, inplace=True)
        self.proj = nn.Linear(dim, dim)

    def forward(self, x):
        B, N, C = x.shape
        qkv = self.qkv(x).reshape(B, N, 3, self.heads, C // self.heads).permute(2, 0, 3, 1, 4)
        q, k, v = qkv.unbind(0)
        attn = (q @ k.transpose(-2, -1)).softmax(dim=-1)
        attn = self.attn_drop(attn)  # expect: TL102
        return self.proj((attn @ v).transpose(1, 2).reshape(B, N, C))
