# Logits selected by the mask go to cross_entropy; the softmax is only for confidences.
import torch
import torch.nn as nn
import torch.nn.functional as F

cls = nn.Linear(8, 5)
logits = cls(torch.randn(4, 10, 8))
pos = torch.rand(4, 10) > 0.5
labels = torch.randint(0, 5, (4, 10))
loss = F.cross_entropy(logits[pos], labels[pos])
confidence = logits.softmax(-1)[pos].max(-1).values.mean()
loss.backward()
print(confidence.item())
