"""Truncated BPTT with the hidden state kept on the model: a helper called every step
backpropagates and detaches `model.state` under its own condition."""
import torch
import torch.nn as nn


class M(nn.Module):
    def __init__(self):
        super().__init__()
        self.cell = nn.GRUCell(2, 4)
        self.state = torch.zeros(1, 4)

    def forward(self, x):
        self.state = self.cell(x, self.state)
        return self.state.sum()


def observe(model, x, t):
    loss = model(x)
    if t % 3 == 2:
        loss.backward()
        model.state = model.state.detach()


m = M()
for t in range(9):
    observe(m, torch.randn(1, 2), t)
