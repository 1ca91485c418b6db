# Trying to backward through the graph a second time
import torch
import torch.nn as nn
rnn = nn.LSTM(10, 20)
opt = torch.optim.Adam(rnn.parameters())
hidden = (torch.zeros(1, 1, 20), torch.zeros(1, 1, 20))
for step in range(100):
    x = torch.randn(5, 1, 10)
    out, hidden = rnn(x, hidden)
    loss = out.pow(2).mean()
    opt.zero_grad()
    loss.backward()  # expect: TL106
    opt.step()
