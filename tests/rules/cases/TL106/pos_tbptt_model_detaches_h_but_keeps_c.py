"""A stateful LSTM model whose `detach_state()` detaches `h` only: the cell state `c` it keeps
carries the freed graph into the next chunk."""
import torch
import torch.nn as nn


class Stateful(nn.Module):
    def __init__(self):
        super().__init__()
        self.cell = nn.LSTMCell(2, 4)
        self.h = torch.zeros(1, 4)
        self.c = torch.zeros(1, 4)

    def detach_state(self):
        self.h = self.h.detach()

    def forward(self, x):
        self.h, self.c = self.cell(x, (self.h, self.c))
        return self.h.sum()


def observe(model, x, t):
    loss = model(x)
    if t % 3 == 2:
        loss.backward()  # expect: TL106
        model.detach_state()


m = Stateful()
for t in range(9):
    observe(m, torch.randn(1, 2), t)
