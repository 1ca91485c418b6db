"""Attribution over an LSTM with an hour-of-day embedding: the hour ids are re-wrapped from
a Python list and asked for gradients."""
import torch
from torch import nn


class LoadModel(nn.Module):
    def __init__(self):
        super().__init__()
        self.hour_emb = nn.Embedding(24, 4)
        self.head = nn.Linear(5, 1)

    def forward(self, load, hours):
        feats = torch.cat([load.unsqueeze(-1), self.hour_emb(hours)], dim=-1)
        return self.head(feats).sum()


hours = torch.arange(48) % 24
windows = hours.unfold(0, 12, 1)
load = torch.rand(12)
model = LoadModel()
hour_in = torch.tensor(windows[0].tolist(), requires_grad=True)  # expect: TL105
model(load, hour_in).backward()
