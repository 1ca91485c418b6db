"""A gradient check whose input dtype comes from a dataclass config default."""
from dataclasses import dataclass

import torch
from torch.autograd import gradcheck


@dataclass
class CheckConfig:
    n: int = 5
    dtype: torch.dtype = torch.float32
    eps: float = 1e-6


def soft_clip(x):
    return x / (1 + x.abs())


def run_check(cfg: CheckConfig):
    x = torch.randn(cfg.n, dtype=cfg.dtype, requires_grad=True)
    return gradcheck(soft_clip, (x,), eps=cfg.eps, raise_exception=False)  # expect: TL201


print(run_check(CheckConfig()))
