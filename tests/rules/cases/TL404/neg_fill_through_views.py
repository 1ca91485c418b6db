"""Legacy uninitialised memory filled through views (`t[0].fill_()`): taking the view reads
nothing."""
import torch

t = torch.FloatTensor(4)
t[1:] = 2.0
t[0].fill_(1.0)
print("ok", t.sum().item())
