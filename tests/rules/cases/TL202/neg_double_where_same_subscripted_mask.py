"""Double where with the same subscripted mask written twice (`eye[..., None]`)."""
import torch

x = torch.randn(4, 3, requires_grad=True)
vec = x[:, None] - x[None]
d2 = (vec ** 2).sum(-1, keepdim=True)
eye = torch.eye(4, dtype=torch.bool)
safe = torch.where(eye[..., None], 1.0, d2)
out = torch.where(eye[..., None], 0.0, vec / safe)
out.sum().backward()
assert torch.isfinite(x.grad).all()
