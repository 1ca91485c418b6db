"""Attribution over an LSTM with an hour-of-day embedding: only the float load history asks
for gradients; the ids are re-wrapped without requires_grad."""
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
load = torch.tensor(torch.rand(12).tolist(), requires_grad=True)
model = LoadModel()
hour_in = torch.tensor(windows[0].tolist())
model(load, hour_in).backward()
print(load.grad.shape)
