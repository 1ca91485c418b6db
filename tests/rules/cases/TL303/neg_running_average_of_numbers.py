# The same trainer averaging Python numbers: no graph is kept.
from typing import Optional

import torch
import torch.nn.functional as F
from torch import nn, optim


class Trainer:
    def __init__(self, smoothing: float = 0.9):
        self.model = nn.Sequential(nn.Linear(6, 16), nn.Tanh(), nn.Linear(16, 3))
        self.opt = optim.AdamW(self.model.parameters(), lr=1e-3)
        self.smoothing = smoothing

    def fit(self, steps: int = 20) -> None:
        smooth: Optional[float] = None
        ema = 0.0
        for step in range(steps):
            x, y = torch.randn(8, 6), torch.randint(0, 3, (8,))
            loss = F.cross_entropy(self.model(x), y)
            self.opt.zero_grad(set_to_none=True)
            loss.backward()
            self.opt.step()
            a = self.smoothing
            value = loss.item()
            smooth = value if smooth is None else a * smooth + (1 - a) * value
            ema = ema * a + loss.detach() * (1 - a)
            if step % 5 == 0:
                print(step, smooth, float(ema))


Trainer().fit()
