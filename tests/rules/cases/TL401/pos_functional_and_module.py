import torch
import torch.nn as nn
import torch.nn.functional as F

logits = torch.randn(4, 3, requires_grad=True)
target = torch.tensor([0, 2, 1, 0])
probs = F.softmax(logits, dim=1)
loss = F.cross_entropy(probs, target)  # expect: TL401
criterion = nn.CrossEntropyLoss()
loss2 = criterion(logits.softmax(dim=-1), target)  # expect: TL401
nll = nn.NLLLoss()(torch.softmax(logits, 1), target)  # expect: TL401
