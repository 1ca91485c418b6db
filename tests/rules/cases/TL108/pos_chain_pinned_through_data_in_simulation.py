"""A hanging chain simulated step by step; the first node is pinned through `.data`."""
import torch


def pin(x, anchor):
    x.data[0] = anchor  # expect: TL108
    return x


def simulate(k, steps=20, dt=0.05):
    x = torch.stack([torch.arange(4, dtype=torch.float64) * 0.5, torch.zeros(4, dtype=torch.float64)], -1)
    v = torch.zeros_like(x)
    anchor = x[0].clone()
    for _ in range(steps):
        d = x[1:] - x[:-1]
        f = torch.cat([k * d, d.new_zeros(1, 2)]) - torch.cat([d.new_zeros(1, 2), k * d])
        v = v + dt * (f + torch.tensor([0.0, -1.0], dtype=torch.float64))
        x = x + dt * v
        x = pin(x, anchor)
    return x


k = torch.tensor(2.0, dtype=torch.float64, requires_grad=True)
sag = -simulate(k)[:, 1].sum()
sag.backward()
eps = 1e-6
with torch.no_grad():
    numeric = (-simulate(k + eps)[:, 1].sum() + simulate(k - eps)[:, 1].sum()) / (2 * eps)
print("autograd", k.grad.item(), "numeric", numeric.item())
