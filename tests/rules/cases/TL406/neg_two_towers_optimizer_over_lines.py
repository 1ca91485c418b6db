"""TL406 near-miss: two encoders trained jointly, the optimizer written over several lines."""
import torch
import torch.nn as nn
import torch.nn.functional as F

text_encoder = nn.Linear(6, 4)
image_encoder = nn.Linear(5, 4)
optimizer = torch.optim.AdamW(
    [
        {"params": text_encoder.parameters(), "lr": 1e-4},
        {"params": image_encoder.parameters(), "lr": 1e-3},
    ],
    weight_decay=0.01,
)
for _ in range(3):
    tokens, pixels = torch.randn(8, 6), torch.randn(8, 5)
    t = F.normalize(text_encoder(tokens), dim=1)
    v = F.normalize(image_encoder(pixels), dim=1)
    loss = F.mse_loss(t, v)
    optimizer.zero_grad()
    loss.backward()
    optimizer.step()
assert image_encoder.weight.grad is not None
print("ok", loss.item())
