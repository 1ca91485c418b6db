"""Imbalanced classes: inverse-frequency weights made on the GPU inside a helper, kept as a
plain attribute of a model that is never moved, passed to F.cross_entropy."""
import torch
import torch.nn.functional as F
from torch import nn


def inverse_frequency_weights(counts):
    counts = torch.tensor(counts, dtype=torch.float32, device="cuda")
    w = counts.sum() / (len(counts) * counts)
    return w / w.mean()


class Classifier(nn.Module):
    def __init__(self, class_counts):
        super().__init__()
        self.net = nn.Sequential(nn.Linear(8, 16), nn.ReLU(), nn.Linear(16, len(class_counts)))
        self.class_weights = inverse_frequency_weights(class_counts)

    def forward(self, x):
        return self.net(x)

    def training_step(self, x, y):
        logits = self(x)
        return F.cross_entropy(logits, y, weight=self.class_weights)  # expect: TL403


model = Classifier((120, 30, 10))
opt = torch.optim.SGD(model.parameters(), lr=0.1)
for _ in range(2):
    x, y = torch.randn(8, 8), torch.randint(0, 3, (8,))
    opt.zero_grad()
    model.training_step(x, y).backward()
    opt.step()
