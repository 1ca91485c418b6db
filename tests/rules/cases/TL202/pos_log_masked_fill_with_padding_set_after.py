"""Log of per-slot probabilities that are 0 at the padded slots, masked_fill-ed afterwards."""
import torch

probs = torch.tensor([0.5, 0.5, 0.0, 0.0], requires_grad=True)
pad = torch.zeros(4, dtype=torch.bool)
pad[2:] = True
y = torch.log(probs)
y.masked_fill(pad, 0.0).sum().backward()  # expect: TL202
print("NaN in grad:", torch.isnan(probs.grad).any().item())
