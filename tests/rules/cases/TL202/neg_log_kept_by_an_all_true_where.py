"""A keep-mask that keeps everything (all True) around a log."""
import torch

x = torch.rand(4, requires_grad=True)
keep = torch.ones(4, dtype=torch.bool)
y = torch.log(x)
torch.where(keep, y, torch.zeros_like(y)).sum().backward()
print("finite:", torch.isfinite(x.grad).all().item())
