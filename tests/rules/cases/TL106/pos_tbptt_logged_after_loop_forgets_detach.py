"""Truncated backprop through time that logs the last loss after the loop but never
detaches the hidden state: the second chunk's backward reaches the freed first chunk."""
import torch
import torch.nn as nn


class CharRNN(nn.Module):
    def __init__(self, v=10, h=16):
        super().__init__()
        self.emb = nn.Embedding(v, h)
        self.rnn = nn.GRU(h, h, batch_first=True)
        self.out = nn.Linear(h, v)

    def forward(self, x, h=None):
        o, h = self.rnn(self.emb(x), h)
        return self.out(o), h


model = CharRNN()
opt = torch.optim.Adam(model.parameters(), lr=1e-3)
data = torch.randint(0, 10, (2, 41))
bptt = 8
h = None
for i, t0 in enumerate(range(0, 40, bptt)):
    x = data[:, t0:t0 + bptt]
    y = data[:, t0 + 1:t0 + bptt + 1]
    logits, h = model(x, h)
    loss = nn.functional.cross_entropy(logits.reshape(-1, 10), y.reshape(-1))
    if (i + 1) % 2 == 0:
        opt.zero_grad()
        loss.backward()  # expect: TL106
        opt.step()
print(f"last loss {loss.item():.3f}")
