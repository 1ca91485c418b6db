"""Legacy buffers filled through a flat view (`buf.view(-1)`), zeroed through one, and filled
row by row while iterating them."""
import torch
buf = torch.FloatTensor(3, 4)
flat = buf.view(-1)
flat.zero_()
assert buf.sum().item() == 0.0
buf = torch.FloatTensor(3, 4)
flat = buf.view(-1)
for i in range(12):
    flat[i] = i
assert buf.sum().item() == 66.0
buf = torch.FloatTensor(3, 4)
for i, row in enumerate(buf):
    row[:] = i
assert buf.sum().item() == 12.0
