import torch
import torch.nn as nn
import torch.nn.functional as F

logits = torch.randn(8, 5)
labels = torch.randint(0, 5, (8,)).int()
loss = F.cross_entropy(logits, labels)  # expect: TL402
soft_labels = torch.randint(0, 5, (8,)).float()
loss2 = nn.CrossEntropyLoss()(logits, soft_labels)  # expect: TL402
pred = logits.argmax(1)
accuracy = (pred == torch.randint(0, 5, (8,))).mean()  # expect: TL402
counts = torch.arange(10)
counts.mean()  # expect: TL402
