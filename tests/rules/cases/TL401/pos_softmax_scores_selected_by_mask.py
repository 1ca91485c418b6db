# A head returns softmax scores in a dict; the loss picks the positive anchors' rows.
import torch
import torch.nn as nn
import torch.nn.functional as F


class Head(nn.Module):
    def __init__(self):
        super().__init__()
        self.cls = nn.Linear(8, 5)

    def forward(self, x):
        return {"scores": self.cls(x).softmax(dim=-1), "feat": x}


head = Head()
out = head(torch.randn(4, 10, 8))
pos = torch.rand(4, 10) > 0.5
labels = torch.randint(0, 5, (4, 10))
loss = F.cross_entropy(out["scores"][pos], labels[pos])  # expect: TL401
loss.backward()
