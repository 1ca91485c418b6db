# Padded tag ids built with torch.zeros (float) and selected by the padding mask: a float
# class-index target for cross_entropy.
import torch
import torch.nn as nn
import torch.nn.functional as F


class Tagger(nn.Module):
    def __init__(self):
        super().__init__()
        self.emb = nn.Embedding(30, 16)
        self.lstm = nn.LSTM(16, 16, batch_first=True, bidirectional=True)
        self.out = nn.Linear(32, 5)

    def forward(self, tokens):
        h, _ = self.lstm(self.emb(tokens))
        return self.out(h)


def make_batch(lengths):
    tokens = torch.zeros(len(lengths), max(lengths), dtype=torch.long)
    tags = torch.zeros(len(lengths), max(lengths))
    mask = torch.zeros(len(lengths), max(lengths), dtype=torch.bool)
    for i, n in enumerate(lengths):
        tokens[i, :n] = torch.randint(1, 30, (n,))
        tags[i, :n] = torch.randint(0, 5, (n,))
        mask[i, :n] = True
    return tokens, tags, mask


model = Tagger()
tokens, tags, mask = make_batch([5, 3, 4])
loss = F.cross_entropy(model(tokens)[mask], tags[mask])  # expect: TL402
loss.backward()
