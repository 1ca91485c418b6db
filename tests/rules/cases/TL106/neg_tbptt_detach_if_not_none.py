import torch
import torch.nn as nn

rnn = nn.RNN(2, 3)
opt = torch.optim.SGD(rnn.parameters(), lr=0.1)
h = None
for step in range(3):
    if h is not None:
        h = h.detach()
    opt.zero_grad()
    out, h = rnn(torch.randn(4, 1, 2), h)
    out.sum().backward()
    opt.step()
print("ok")
