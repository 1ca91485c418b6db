# The same encoder starting from zeros.
import torch
from torch import nn


class Encoder(nn.Module):
    def __init__(self, vocab, hidden):
        super().__init__()
        self.hidden = hidden
        self.emb = nn.Embedding(vocab, hidden)
        self.gru = nn.GRU(hidden, hidden, batch_first=True)

    def init_hidden(self, batch_size):
        return torch.zeros(1, batch_size, self.hidden)

    def forward(self, tokens, h):
        return self.gru(self.emb(tokens), h)


enc = Encoder(50, 16)
src = torch.randint(0, 50, (4, 7))
out, h = enc(src, enc.init_hidden(src.size(0)))
