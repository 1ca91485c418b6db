"""Mixed-precision fine-tuning: class labels stay int64, and a soft (label-smoothed)
target of the logits' own shape may be cast to their dtype."""
import torch
import torch.nn.functional as F
from torch import nn


class Head(nn.Module):
    def __init__(self, d=16, n_cls=5):
        super().__init__()
        self.norm = nn.LayerNorm(d)
        self.cls = nn.Linear(d, n_cls)

    def forward(self, x):
        return self.cls(F.gelu(self.norm(x)))


def compute_loss(model, batch):
    with torch.autocast(device_type="cpu", dtype=torch.bfloat16):
        logits = model(batch["inputs"])
        hard = F.cross_entropy(logits, batch["labels"].long())
        soft_target = F.one_hot(batch["labels"], 5).to(logits.dtype) * 0.9 + 0.02
        soft = F.cross_entropy(logits, soft_target)
        return hard + soft


model = Head()
batch = {"inputs": torch.randn(8, 16), "labels": torch.randint(0, 5, (8,))}
compute_loss(model, batch).backward()
print("ok")
