"""Seq2seq digit reader trained and decoded through its encode()/step() methods, in eval mode to decode."""
import torch
import torch.nn.functional as F
from torch import nn


class Seq2Seq(nn.Module):
    def __init__(self, vocab=13, dim=16):
        super().__init__()
        self.emb = nn.Embedding(vocab, dim)
        self.encoder = nn.GRU(dim, dim, batch_first=True)
        self.decoder = nn.GRU(dim, dim, batch_first=True)
        self.drop = nn.Dropout(0.3)
        self.out = nn.Linear(dim, vocab)

    def encode(self, src):
        return self.encoder(self.drop(self.emb(src)))[1]

    def step(self, prev, h):
        out, h = self.decoder(self.drop(self.emb(prev)), h)
        return self.out(out), h


def train(model, steps=5):
    opt = torch.optim.Adam(model.parameters(), lr=1e-2)
    for _ in range(steps):
        src = torch.randint(3, 13, (1, 4))
        tgt = torch.randint(3, 13, (1, 5))
        logits, _ = model.step(tgt[:, :-1], model.encode(src))
        loss = F.cross_entropy(logits[0], tgt[0, 1:])
        opt.zero_grad()
        loss.backward()
        opt.step()


def greedy_decode(model, src, max_len=6):
    h = model.encode(src)
    tok = torch.tensor([[1]])
    out = []
    for _ in range(max_len):
        logits, h = model.step(tok, h)
        tok = logits.argmax(-1)
        if tok.item() == 2:
            break
        out.append(tok.item())
    return out


def transcribe(model, src):
    model.eval()
    with torch.no_grad():
        return greedy_decode(model, src)


if __name__ == "__main__":
    torch.manual_seed(0)
    model = Seq2Seq()
    train(model)
    src = torch.randint(3, 13, (1, 4))
    print([transcribe(model, src) for _ in range(3)])
