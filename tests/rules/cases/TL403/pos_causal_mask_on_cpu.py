# A causal mask built inside forward with torch.ones: it stays on the CPU when the model
# and its inputs are on the GPU.
import torch
from torch import nn

device = torch.device("cuda")


class CausalAttention(nn.Module):
    def __init__(self, dim):
        super().__init__()
        self.qkv = nn.Linear(dim, 3 * dim)

    def forward(self, x):
        T = x.size(1)
        q, k, v = self.qkv(x).chunk(3, dim=-1)
        att = q @ k.transpose(-2, -1)
        mask = torch.tril(torch.ones(T, T))
        att = att.masked_fill(mask == 0, float("-inf"))  # expect: TL403
        return att.softmax(-1) @ v


x = torch.randn(2, 5, 16, device=device)
model = CausalAttention(16).to(device)
y = model(x)

B, L, C = x.shape
scores = x @ x.transpose(1, 2)
keep = torch.ones(L, L).bool()
scores.masked_fill_(~keep, 0.0)  # expect: TL403
