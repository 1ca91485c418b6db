"""TL406 near-miss: two encoders trained JOINTLY to align (both sides are meant to get gradients)."""
import torch
import torch.nn as nn
import torch.nn.functional as F

enc_a = nn.Linear(6, 4)
enc_b = nn.Linear(5, 4)
opt = torch.optim.Adam(list(enc_a.parameters()) + list(enc_b.parameters()), lr=1e-3)
for _ in range(3):
    xa, xb = torch.randn(8, 6), torch.randn(8, 5)
    za, zb = F.normalize(enc_a(xa), dim=1), F.normalize(enc_b(xb), dim=1)
    align = F.mse_loss(za, zb)
    logits = za @ zb.t() / 0.07
    labels = torch.arange(8)
    clip = (F.cross_entropy(logits, labels) + F.cross_entropy(logits.t(), labels)) / 2
    opt.zero_grad()
    (align + clip).backward()
    opt.step()
assert enc_b.weight.grad is not None
print("ok", align.item(), clip.item())
