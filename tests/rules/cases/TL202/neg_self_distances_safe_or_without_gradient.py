"""Pairwise self-distances that backpropagate safely: cdist and vector_norm are finite at 0,
an eps or a clamp keeps the root away from 0, a double where makes the diagonal 1 first, and
distances of points that need no gradient (or used only for neighbour indices) take none."""
import torch

x = torch.randn(5, 3, requires_grad=True)
losses = []
losses.append(torch.cdist(x, x).mean())
losses.append(torch.linalg.vector_norm(x[:, None] - x[None], dim=-1).mean())
d2 = ((x[:, None] - x[None]) ** 2).sum(-1)
losses.append((d2 + 1e-9).sqrt().mean())
losses.append(d2.clamp(min=1e-12).sqrt().mean())
eye = torch.eye(5, dtype=torch.bool)
safe = torch.where(eye, torch.ones_like(d2), d2)
losses.append(torch.where(eye, torch.zeros_like(d2), safe.sqrt()).mean())

anchors = torch.randn(5, 3)
fixed = ((anchors[:, None] - anchors[None]) ** 2).sum(-1).sqrt()
losses.append((x.sum(-1) * fixed.mean(-1)).mean())
knn = ((x[:, None] - x[None]) ** 2).sum(-1).sqrt().topk(2, largest=False).indices
losses.append(x[knn[:, 1]].sub(x).pow(2).mean())

sum(losses).backward()
assert torch.isfinite(x.grad).all()
print("ok")
