import torch
import torch.nn as nn

criterion = nn.CrossEntropyLoss()
logits = torch.randn(4, 3, requires_grad=True)
soft = [[0.2, 0.3, 0.5]] * 4
loss = criterion(logits, torch.tensor(soft, dtype=torch.float32))
probs = []
for _ in range(4):
    probs.append([0.1, 0.1, 0.8])
loss = loss + criterion(logits, torch.tensor(probs, dtype=torch.float32))
labels = [0, 2, 1, 2]
loss = loss + criterion(logits, torch.tensor(labels))
loss.backward()
