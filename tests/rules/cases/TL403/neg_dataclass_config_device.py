# Configs whose device is overridden, computed, or falls back to the CPU after init (every
# operand made on the config's device: this runs on a GPU machine too, checked on an H100).
from dataclasses import dataclass

import torch


@dataclass
class Config:
    device: str = "cuda"

    def __post_init__(self):
        if not torch.cuda.is_available():
            self.device = "cpu"


@dataclass
class Plain:
    device: str = "cuda"
    batch: int = 4


cfg = Config()
a = torch.randn(3).to(cfg.device) + torch.randn(3, device=cfg.device)
local = Plain(device="cpu")
b = torch.randn(3).to(local.device) + torch.randn(3)
also = Plain("cpu", 8)
c = torch.randn(3).to(also.device) + torch.randn(3)
