"""A QAT subclass of nn.Linear with class attributes named weight_* (review reproducer)."""
import torch
import torch.nn as nn


class QLinear(nn.Linear):
    weight_bits = 8
    bias_correction = True

    def forward(self, x):
        levels = 2 ** self.weight_bits - 1
        idx = torch.randint(0, 10, (4,))
        table = torch.randn(10, 3)
        picked = table.index_select(0, idx)
        scale = self.weight.abs().max().detach() / levels
        w = torch.round(self.weight / scale).clamp(-levels, levels) * scale
        out = nn.functional.linear(x, w, self.bias)
        return out


m = QLinear(4, 3)
y = m(torch.randn(2, 4))
y.sum().backward()
