"""An exponential moving average of prototypes kept on the GPU, updated from a CPU batch."""
import torch

device = torch.device("cuda")
prototypes = torch.zeros(10, 32, device=device)

for _ in range(3):
    feats = torch.randn(10, 32)
    prototypes.mul_(0.9)
    prototypes.add_(0.1 * feats)  # expect: TL403

print(prototypes.norm())
