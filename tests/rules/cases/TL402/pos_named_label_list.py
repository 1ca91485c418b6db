import torch
import torch.nn as nn

criterion = nn.CrossEntropyLoss()
logits = torch.randn(4, 3, requires_grad=True)
labels = [0, 2, 1, 2]
target = torch.tensor(labels, dtype=torch.float32)
loss = criterion(logits, target)  # expect: TL402
