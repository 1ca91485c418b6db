"""In-place dropout that writes nothing (p=0 by default, as timm's blocks), an in-place mask
only in eval mode, and in-place work under no_grad: training backpropagates safely."""

import torch
import torch.nn as nn


class SelfAttention(nn.Module):
    def __init__(self, dim, heads=4, attn_drop=0.0):
        super().__init__()
        self.heads = heads
        self.qkv = nn.Linear(dim, dim * 3)
        self.attn_drop = nn.Dropout(attn_drop, inplace=True)
        self.proj = nn.Linear(dim, dim)

    def forward(self, x, mask=None):
        B, N, C = x.shape
        qkv = self.qkv(x).reshape(B, N, 3, self.heads, C // self.heads).permute(2, 0, 3, 1, 4)
        q, k, v = qkv.unbind(0)
        attn = (q @ k.transpose(-2, -1)).softmax(dim=-1)
        attn = self.attn_drop(attn)
        if not self.training and mask is not None:
            attn.masked_fill_(mask, 0.0)
        with torch.no_grad():
            stats = attn.detach().clone()
            stats.clamp_(min=1e-6)
        self.entropy = -(stats * stats.log()).sum(-1).mean()
        return self.proj((attn @ v).transpose(1, 2).reshape(B, N, C))


block = SelfAttention(8)
out = block(torch.randn(2, 5, 8))
out.sum().backward()
block.eval()
with torch.no_grad():
    block(torch.randn(2, 5, 8), mask=torch.zeros(2, 4, 5, 5, dtype=torch.bool))
