import json
from dataclasses import dataclass
import torch
import torch.nn as nn


@dataclass
class Cfg:
    device: str = "cuda" if torch.cuda.is_available() else "cpu"
    lr: float = 0.1


overrides = json.loads('{"device": "cpu"}')
cfg = Cfg(**overrides)
model = nn.Linear(4, 2).to(cfg.device)
print(model(torch.randn(3, 4)).shape)
