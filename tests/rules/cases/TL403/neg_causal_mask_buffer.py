# The mask as a registered buffer (it moves with the model), or made on the input's device.
import torch
from torch import nn

device = torch.device("cuda")


class CausalAttention(nn.Module):
    def __init__(self, dim, max_len=64):
        super().__init__()
        self.qkv = nn.Linear(dim, 3 * dim)
        self.register_buffer("mask", torch.tril(torch.ones(max_len, max_len)))

    def forward(self, x):
        T = x.size(1)
        q, k, v = self.qkv(x).chunk(3, dim=-1)
        att = q @ k.transpose(-2, -1)
        att = att.masked_fill(self.mask[:T, :T] == 0, float("-inf"))
        local = torch.tril(torch.ones(T, T, device=x.device))
        att = att.masked_fill(local == 0, float("-inf"))
        return att.softmax(-1) @ v


x = torch.randn(2, 5, 16, device=device)
model = CausalAttention(16).to(device)
y = model(x)
cpu_scores = torch.randn(5, 5)
cpu_scores = cpu_scores.masked_fill(torch.ones(5, 5).bool(), 0.0)
