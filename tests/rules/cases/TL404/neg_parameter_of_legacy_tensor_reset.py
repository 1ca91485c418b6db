"""Click-through model: the item bias is made from torch.FloatTensor(n) and filled by
reset_parameters before any use."""
from dataclasses import dataclass

import torch
import torch.nn.functional as F
from torch import nn


@dataclass
class Config:
    n_users: int = 16
    n_items: int = 24
    dim: int = 4


class CTRFactorModel(nn.Module):
    def __init__(self, cfg: Config):
        super().__init__()
        self.user_factors = nn.Parameter(torch.randn(cfg.n_users, cfg.dim) * 0.1)
        self.item_factors = nn.Parameter(torch.randn(cfg.n_items, cfg.dim) * 0.1)
        self.item_bias = nn.Parameter(torch.FloatTensor(cfg.n_items))
        self.reset_parameters()

    def reset_parameters(self):
        nn.init.zeros_(self.item_bias)

    def forward(self, u, i):
        return (self.user_factors[u] * self.item_factors[i]).sum(-1) + self.item_bias[i]


cfg = Config()
model = CTRFactorModel(cfg)
u, i = torch.randint(0, cfg.n_users, (8,)), torch.randint(0, cfg.n_items, (8,))
loss = F.binary_cross_entropy_with_logits(model(u, i), torch.rand(8).round())
loss.backward()
print(loss.item())
