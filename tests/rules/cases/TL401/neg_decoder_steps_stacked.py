import torch
import torch.nn.functional as F
from torch import nn


class Decoder(nn.Module):
    def __init__(self, vocab=12, hidden=8):
        super().__init__()
        self.embed = nn.Embedding(vocab, hidden)
        self.cell = nn.GRUCell(hidden, hidden)
        self.head = nn.Linear(hidden, vocab)

    def step(self, token, hidden):
        hidden = self.cell(self.embed(token), hidden)
        return self.head(hidden), hidden

    def forward(self, hidden, captions):
        token = torch.zeros(captions.size(0), dtype=torch.long)
        outputs = []
        for t in range(captions.size(1)):
            scores, hidden = self.step(token, hidden)
            outputs.append(scores)
            token = captions[:, t]
        return torch.stack(outputs, dim=1)


def caption_loss(step_scores, captions):
    flat = step_scores.reshape(-1, step_scores.size(-1))
    return F.cross_entropy(flat, captions.reshape(-1))


decoder = Decoder()
captions = torch.randint(1, 12, (2, 5))
caption_loss(decoder(torch.zeros(2, 8), captions), captions).backward()
