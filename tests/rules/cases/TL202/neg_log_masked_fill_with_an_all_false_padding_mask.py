"""Log-probabilities with a padding mask that pads nothing in this batch (all False)."""
import torch

x = torch.rand(4, requires_grad=True)
pad = torch.zeros(4, dtype=torch.bool)
y = torch.log(x)
y.masked_fill(pad, 0.0).sum().backward()
print("finite:", torch.isfinite(x.grad).all().item())
