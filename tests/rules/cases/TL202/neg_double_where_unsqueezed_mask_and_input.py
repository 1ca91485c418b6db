"""Double where on unit vectors: the mask and the safe input unsqueezed for the vector
dimension (`eye[..., None]`, `safe[..., None]`)."""
import torch

x = torch.randn(4, 3, requires_grad=True)
vec = x[:, None] - x[None]
d2 = (vec ** 2).sum(-1)
eye = torch.eye(4, dtype=torch.bool)
safe = torch.where(eye, 1.0, d2)
out = torch.where(eye[..., None], 0.0, vec / safe[..., None])
out.sum().backward()
assert torch.isfinite(x.grad).all()
