# Attention in the tutorial style: the scale is the square root of the key size as a 0-dim
# tensor. A scalar divisor is zero everywhere or nowhere, so the causal mask afterwards
# hides no point where it is zero.
import torch
import torch.nn.functional as F
from torch import nn


def scaled_dot_product_attention(q, k, v, mask=None):
    d_k = k.size(-1)
    scores = torch.matmul(q, k.transpose(-2, -1)) / torch.sqrt(torch.tensor(d_k, dtype=torch.float32))
    if mask is not None:
        scores = scores.masked_fill(mask == 0, float("-inf"))
    return torch.matmul(F.softmax(scores, dim=-1), v)


class Attention(nn.Module):
    def __init__(self, d, h):
        super().__init__()
        self.h = h
        self.qkv = nn.Linear(d, 3 * d)

    def forward(self, x):
        B, T, D = x.shape
        q, k, v = self.qkv(x).view(B, T, 3, self.h, D // self.h).permute(2, 0, 3, 1, 4)
        mask = torch.tril(torch.ones(T, T))
        return scaled_dot_product_attention(q, k, v, mask).transpose(1, 2).reshape(B, T, D)


layer = Attention(16, 2)
layer(torch.randn(2, 5, 16)).sum().backward()
print(all(torch.isfinite(p.grad).all().item() for p in layer.parameters()))
