import torch
import torch.nn as nn

x = torch.rand(16, 20)
logits = nn.Linear(20, 1)(x).squeeze(-1)
is_spam = (x[:, :5].mean(1) > 0.5).long()
loss = nn.BCEWithLogitsLoss()(logits, is_spam)
loss.backward()
print(loss.item())
