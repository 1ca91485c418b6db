import torch
import torch.nn as nn
import torch.nn.functional as F

# R-Drop: a symmetric KL between two dropout passes trains both sides on purpose; a
# temperature above 1 softens rather than sharpens (no pseudo-label).
model = nn.Sequential(nn.Linear(8, 16), nn.ReLU(), nn.Dropout(0.3), nn.Linear(16, 3))
opt = torch.optim.Adam(model.parameters(), lr=0.01)
x = torch.randn(20, 8)
y = torch.randint(0, 3, (20,))
T = 2.0
for step in range(3):
    logits1, logits2 = model(x), model(x)
    p1, p2 = F.softmax(logits1, -1), F.softmax(logits2, -1)
    kl = 0.5 * (
        F.kl_div(F.log_softmax(logits1, -1), p2, reduction="batchmean")
        + F.kl_div(F.log_softmax(logits2, -1), p1, reduction="batchmean")
    )
    soft = F.softmax(logits2 / T, -1)
    smooth = F.kl_div(F.log_softmax(logits1 / T, -1), soft, reduction="batchmean")
    loss = F.cross_entropy(logits1, y) + kl + smooth
    opt.zero_grad()
    loss.backward()
    opt.step()
