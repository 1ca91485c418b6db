"""Stitching GPU outputs into host buffers the ways that work: plain slice writes copy across
devices, and sums are moved (or made numbers) before they are added in place."""
import torch
from torch import nn

DEVICE = "cuda" if torch.cuda.is_available() else "cpu"

model = nn.Conv1d(1, 3, 3, padding=1).to(DEVICE)
signal = torch.randn(1, 1, 64)
out = torch.zeros(3, 64)
acc = torch.zeros(3, 64)
total = torch.zeros(())
seen = 0.0
with torch.no_grad():
    for start in range(0, 64, 16):
        probs = model(signal[:, :, start:start + 16].to(DEVICE)).softmax(1)[0]
        out[:, start:start + 16] = probs
        acc[:, start:start + 16] += probs.cpu()
        acc[:, start:start + 16].copy_(acc[:, start:start + 16] + probs.to(acc.device))
        seen += probs.sum().item()
        total += probs.sum().cpu()
print(out.shape, acc.sum(), total, seen)
