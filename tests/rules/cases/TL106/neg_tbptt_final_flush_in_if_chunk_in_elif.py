"""Truncated BPTT with a final flush: the last step backpropagates in an `if`, the chunk ends
in an `elif` that also detaches."""
import torch
import torch.nn as nn

cell = nn.RNNCell(2, 4)
x = torch.randn(3, 8, 2)
h = torch.zeros(3, 4)
loss = 0
T = 8
for t in range(T):
    h = cell(x[:, t], h)
    loss = loss + h.pow(2).mean()
    if t == T - 1:                   # last step of the loop: no later backward
        loss.backward()
    elif (t + 1) % 3 == 0:
        loss.backward()
        loss = 0
        h = h.detach()
