"""Truncated BPTT: a helper backpropagates on the chunk's last step and says so; the caller
detaches when it did."""
import torch
import torch.nn as nn

cell = nn.RNNCell(2, 4)
x = torch.randn(3, 8, 2)


def maybe_backward(loss, t):
    if (t + 1) % 4 == 0:
        loss.backward()
        return True
    return False


h = torch.zeros(3, 4)
loss = 0
for t in range(8):
    h = cell(x[:, t], h)
    loss = loss + h.pow(2).mean()
    if maybe_backward(loss, t):      # True exactly when backward ran
        h = h.detach()
        loss = 0
