import torch
import torch.nn.functional as F

logits = torch.randn(4, 5, 6, requires_grad=True)
smooth = torch.full_like(logits, 0.1 / 5)
labels = logits.new_zeros(4, 6).long()
smooth.scatter_(1, labels.unsqueeze(1), 0.9 + 0.1 / 5)
loss = F.cross_entropy(logits, smooth) + F.cross_entropy(logits, labels)
loss.backward()
