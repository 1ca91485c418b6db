import torch
import torch.nn as nn
import torch.nn.functional as F

x = torch.rand(16, 20)
logits = nn.Linear(20, 1)(x).squeeze(-1)
is_spam = (x[:, :5].mean(1) > 0.5).float()
loss = nn.BCEWithLogitsLoss()(logits, is_spam)
# MSE and L1 accept integer targets (torch promotes them)
counts = torch.randint(0, 5, (16,))
reg = F.mse_loss(logits, counts) + F.l1_loss(logits, counts)
# a float64 input takes a float64 target
p64 = torch.sigmoid(torch.randn(8, dtype=torch.float64))
bce64 = F.binary_cross_entropy(p64, torch.ones(8, dtype=torch.float64))
# soft labels stored as float
soft = torch.full((16,), 0.9)
loss2 = F.binary_cross_entropy_with_logits(logits, soft)
(loss + reg + loss2).backward()
