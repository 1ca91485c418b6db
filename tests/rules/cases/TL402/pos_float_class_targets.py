# expected Long but got Float target
import torch
import torch.nn as nn
criterion = nn.CrossEntropyLoss()
logits = torch.randn(4, 3, requires_grad=True)
labels = torch.tensor([0., 1., 2., 1.])
loss = criterion(logits, labels)  # expect: TL402
