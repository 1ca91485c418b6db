"""A calibration hook that scales an activation in place under no_grad, removed with
handle.remove() before training (review reproducer)."""
import torch
import torch.nn as nn

# Calibration: clip ReLU outputs in place while collecting stats under no_grad, then remove
model = nn.Sequential(nn.Linear(4, 8), nn.ReLU(), nn.Linear(8, 2))
stats = []

def clip(module, inputs, output):
    output.clamp_(max=1.0)
    stats.append(output.max().item())

h = model[1].register_forward_hook(clip)
with torch.no_grad():
    model(torch.randn(16, 4))
h.remove()

opt = torch.optim.SGD(model.parameters(), lr=0.1)
opt.zero_grad()
loss = model(torch.randn(16, 4)).sum()
loss.backward()
opt.step()
print("ok", stats)
