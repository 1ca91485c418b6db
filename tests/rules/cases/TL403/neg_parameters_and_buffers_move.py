# `model.to(device)` moves nn.Parameter attributes and registered buffers with the model.
import math

import torch
from torch import nn

device = "cuda"


class PositionalEncoding(nn.Module):
    def __init__(self, dim, max_len=128):
        super().__init__()
        pe = torch.zeros(max_len, dim)
        pos = torch.arange(max_len).unsqueeze(1)
        div = torch.exp(torch.arange(0, dim, 2) * (-math.log(10000.0) / dim))
        pe[:, 0::2] = torch.sin(pos * div)
        pe[:, 1::2] = torch.cos(pos * div)
        self.register_buffer("pe", pe)
        self.scale = nn.Parameter(torch.ones(dim))

    def forward(self, x):
        return x * self.scale + self.pe[: x.size(1)]


class Head(nn.Module):
    def __init__(self, dim, n_out):
        super().__init__()
        self.w = nn.Parameter(torch.randn(dim, n_out) * 0.02)
        self.b = nn.Parameter(torch.zeros(n_out))

    def forward(self, x):
        return x @ self.w + self.b


enc = PositionalEncoding(16).to(device)
head = Head(16, 4).cuda()
x = torch.randn(2, 10, 16, device=device)
y = head(enc(x))
