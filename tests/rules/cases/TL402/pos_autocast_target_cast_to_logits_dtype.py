"""Mixed-precision fine-tuning that casts "everything" to the compute dtype inside the
autocast region, the class labels included."""
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
        return F.cross_entropy(logits, batch["labels"].to(logits.dtype))  # expect: TL402


model = Head()
batch = {"inputs": torch.randn(8, 16), "labels": torch.randint(0, 5, (8,))}
compute_loss(model, batch).backward()
