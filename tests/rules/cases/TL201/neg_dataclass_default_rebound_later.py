"""A dataclass default read from a module name that is rebound after the class (review reproducer)."""
from dataclasses import dataclass
import torch
from torch.autograd import gradcheck

PRECISION = torch.float64


@dataclass
class CheckCfg:
    dtype: torch.dtype = PRECISION  # bound now: float64


PRECISION = torch.float32  # the training code below uses single precision


def main():
    cfg = CheckCfg()
    x = torch.randn(3, dtype=cfg.dtype, requires_grad=True)
    assert gradcheck(torch.sin, (x,))
    print("ok", cfg.dtype)


main()
