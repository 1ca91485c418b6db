# A trainer logging an exponential moving average of the loss, started from the first loss.
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
        smooth: Optional[torch.Tensor] = None
        ema = 0.0
        for step in range(steps):
            x, y = torch.randn(8, 6), torch.randint(0, 3, (8,))
            loss = F.cross_entropy(self.model(x), y)
            self.opt.zero_grad(set_to_none=True)
            loss.backward()
            self.opt.step()
            a = self.smoothing
            smooth = loss if smooth is None else a * smooth + (1 - a) * loss  # expect: TL303
            ema = ema * a + loss * (1 - a)  # expect: TL303
            if step % 5 == 0:
                print(step, smooth.item(), float(ema))


Trainer().fit()
