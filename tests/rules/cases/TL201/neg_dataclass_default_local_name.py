"""A dataclass default that names a local of the function around the class (review reproducer)."""
from dataclasses import dataclass
import torch
from torch.autograd import gradcheck

dtype = torch.float32


@dataclass
class Cfg:
    dtype: torch.dtype = torch.float64
    device: str = "cpu"


def run():
    dtype = torch.float64  # shadows the module-level name
    cfg = Cfg()
    x = torch.randn(3, dtype=cfg.dtype, device=cfg.device, requires_grad=True)
    assert gradcheck(torch.sin, (x,))


def make_local():
    precision = torch.float64

    @dataclass
    class Local:
        dtype: torch.dtype = precision

    x = torch.randn(3, dtype=Local().dtype, requires_grad=True)
    assert gradcheck(torch.sin, (x,))


precision = torch.float32
run()
make_local()
print("ok")
