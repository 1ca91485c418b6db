"""TL402 near-miss: CPU autocast bf16: float32 modules on bf16 activations; F.linear with mixed dtypes."""
import torch
import torch.nn as nn
import torch.nn.functional as F

model = nn.Sequential(nn.Linear(8, 8), nn.ReLU(), nn.Linear(8, 2))
emb_out = torch.randn(4, 8, dtype=torch.bfloat16)
w = torch.randn(2, 8)
with torch.autocast(device_type="cpu", dtype=torch.bfloat16):
    logits = model(emb_out)
    proj = F.linear(emb_out, w)
    loss = logits.float().pow(2).mean() + proj.float().mean()
loss.backward()
print("ok", logits.dtype, proj.dtype)
