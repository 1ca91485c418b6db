# A Python int or a CPU position indexes a CPU tensor whatever the device of other data.
import torch

hist = torch.zeros(10)
best = torch.randn(10, device="cuda" if torch.cuda.is_available() else "cpu").argmax().item()
hist[best] += 1
k = int(torch.randint(0, 10, ()).item())
print(hist[k], hist[best])
