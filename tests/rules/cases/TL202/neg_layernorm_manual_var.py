"""TL202 near-miss: hand-written layer norm (rsqrt(var + eps)) with padded positions masked."""
import torch

x = torch.randn(2, 5, 4, requires_grad=True)
pad = torch.tensor([[0, 0, 0, 1, 1], [0, 0, 0, 0, 1]], dtype=torch.bool)
mu = x.mean(-1, keepdim=True)
var = x.var(-1, unbiased=False, keepdim=True)
y = (x - mu) * torch.rsqrt(var + 1e-5)
y = y.masked_fill(pad.unsqueeze(-1), 0.0)
norm = torch.sqrt((y ** 2).sum(-1) + 1e-12)
score = norm[~pad].mean()
score.backward()
assert torch.isfinite(x.grad).all()
print("ok", score.item())
