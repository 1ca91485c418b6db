# Learnable anchor sizes from a dataclass config of int tuples: torch.tensor of ints is
# int64, and a Parameter requires grad.
from dataclasses import dataclass
from typing import Tuple

import torch
import torch.nn as nn


@dataclass
class AnchorConfig:
    anchors: Tuple[Tuple[int, int], ...] = ((10, 13), (16, 30), (33, 23))
    stride: int = 8


class AnchorHead(nn.Module):
    def __init__(self, cfg: AnchorConfig):
        super().__init__()
        self.anchor_wh = nn.Parameter(torch.tensor(cfg.anchors))  # expect: TL105


head = AnchorHead(AnchorConfig())
