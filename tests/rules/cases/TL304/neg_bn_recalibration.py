"""TL304 near-miss: BN recalibration after SWA: train mode under no_grad ON PURPOSE (updates running stats)."""
import torch
import torch.nn as nn

model = nn.Sequential(nn.Linear(4, 8), nn.BatchNorm1d(8), nn.ReLU(), nn.Linear(8, 1))
opt = torch.optim.SGD(model.parameters(), lr=0.05)
loader = [torch.randn(6, 4) for _ in range(3)]
for x in loader:
    opt.zero_grad()
    model(x).pow(2).mean().backward()
    opt.step()
# recompute BatchNorm running statistics (what torch.optim.swa_utils.update_bn does)
for m in model.modules():
    if isinstance(m, nn.BatchNorm1d):
        m.reset_running_stats()
        m.momentum = None
model.train()
with torch.no_grad():
    for x in loader:
        model(x)
model.eval()
print("ok", model[1].num_batches_tracked.item())
