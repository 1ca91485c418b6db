"""Imbalanced classes: the weights are a registered buffer, so they move with the model, and
a BCE pos_weight is made on the logits' device."""
import torch
import torch.nn.functional as F
from torch import nn


def inverse_frequency_weights(counts):
    counts = torch.tensor(counts, dtype=torch.float32)
    w = counts.sum() / (len(counts) * counts)
    return w / w.mean()


class Classifier(nn.Module):
    def __init__(self, class_counts):
        super().__init__()
        self.net = nn.Sequential(nn.Linear(8, 16), nn.ReLU(), nn.Linear(16, len(class_counts)))
        self.register_buffer("class_weights", inverse_frequency_weights(class_counts))

    def forward(self, x):
        return self.net(x)

    def training_step(self, x, y):
        logits = self(x)
        return F.cross_entropy(logits, y, weight=self.class_weights)


device = "cuda" if torch.cuda.is_available() else "cpu"
model = Classifier((120, 30, 10)).to(device)
opt = torch.optim.SGD(model.parameters(), lr=0.1)
for _ in range(2):
    x, y = torch.randn(8, 8, device=device), torch.randint(0, 3, (8,), device=device)
    opt.zero_grad()
    loss = model.training_step(x, y)
    scores = model(x)[:, 0]
    pos = torch.full_like(scores, 2.0)
    loss = loss + F.binary_cross_entropy_with_logits(scores, (y == 0).float(), pos_weight=pos)
    loss.backward()
    opt.step()
print(loss.item())
