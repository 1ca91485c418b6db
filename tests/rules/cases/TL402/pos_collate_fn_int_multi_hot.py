"""Multi-label tagging: the collate function stacks int64 multi-hot labels, which
BCEWithLogitsLoss refuses (it wants float targets)."""

import torch
import torch.nn as nn
from torch.utils.data import DataLoader, Dataset


class Tagged(Dataset):
    def __init__(self, n=32, n_tags=5):
        self.x = torch.randn(n, 12)
        self.tags = torch.randint(0, 2, (n, n_tags))

    def __len__(self):
        return len(self.x)

    def __getitem__(self, i):
        return {"features": self.x[i], "labels": self.tags[i]}


def collate(samples):
    features = torch.stack([s["features"] for s in samples])
    labels = torch.stack([s["labels"] for s in samples])
    return {"features": features, "labels": labels}


def step(model, batch, loss_fn, opt):
    opt.zero_grad()
    loss = loss_fn(model(batch["features"]), batch["labels"])  # expect: TL402
    loss.backward()
    opt.step()


model = nn.Linear(12, 5)
opt = torch.optim.Adam(model.parameters(), lr=1e-3)
for batch in DataLoader(Tagged(), batch_size=8, collate_fn=collate):
    step(model, batch, nn.BCEWithLogitsLoss(), opt)

pairs = [(torch.randn(12), torch.randint(0, 2, (5,))) for _ in range(16)]


def to_batch(items):
    return torch.stack([x for x, _ in items]), torch.stack([y for _, y in items])


for x, y in DataLoader(pairs, batch_size=4, collate_fn=to_batch):
    loss = nn.functional.binary_cross_entropy_with_logits(model(x), y)  # expect: TL402
