"""Truncated BPTT that detaches the hidden state but never resets the running loss: the
next backward goes through every earlier chunk again."""
import torch
import torch.nn as nn

rnn = nn.GRUCell(2, 4)
x = torch.randn(3, 12, 2)
hidden = torch.zeros(3, 4)
total = 0.0
for step in range(12):
    hidden = rnn(x[:, step], hidden)
    total = total + hidden.abs().mean()
    if step % 4 == 3:
        total.backward()  # expect: TL106
        hidden = hidden.detach()  # but `total` keeps every earlier step's graph
