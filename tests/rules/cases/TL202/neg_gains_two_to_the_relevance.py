"""Graded relevance gains 2 ** rel - 1 (finite slope everywhere), kept where valid."""
import torch

rel = torch.tensor([0.0, 1.0, 3.0, 2.0], requires_grad=True)
valid = torch.tensor([True, True, False, True])
gains = torch.where(valid, 2 ** rel - 1, torch.zeros_like(rel))
gains.sum().backward()
print("finite:", torch.isfinite(rel.grad).all().item())
