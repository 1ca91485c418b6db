import torch
import torch.nn as nn


class CharGRU(nn.Module):
    def __init__(self, vocab, hidden=32):
        super().__init__()
        self.hidden = hidden
        self.embed = nn.Embedding(vocab, 16)
        self.rnn = nn.GRU(16, hidden, batch_first=True)
        self.out = nn.Linear(hidden, vocab)

    def forward(self, idx):
        h0 = torch.zeros(1, idx.size(0), self.hidden)
        out, _ = self.rnn(self.embed(idx), h0)  # expect: TL403
        return self.out(out)


model = CharGRU(20)
use_cuda = torch.cuda.is_available()
if use_cuda:
    model.cuda()
x = torch.randint(0, 20, (4, 12))
if use_cuda:
    x = x.cuda()
logits = model(x)
