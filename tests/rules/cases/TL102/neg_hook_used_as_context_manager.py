"""A hook used as a context manager (with m.register_forward_hook(f):) changes activations
in place only inside the block; training follows (review reproducer)."""
import torch
import torch.nn as nn

model = nn.Sequential(nn.Linear(4, 8), nn.Sigmoid(), nn.Linear(8, 2))
def zero_half(m, i, o):
    o[:, :4] = 0          # ablation: knock out half the units (in place)
with torch.no_grad(), model[1].register_forward_hook(zero_half):
    ablated = model(torch.randn(16, 4))
opt = torch.optim.Adam(model.parameters())
for _ in range(2):
    opt.zero_grad()
    model(torch.randn(16, 4)).pow(2).mean().backward()
    opt.step()
print("ok", ablated.shape)
