# The same reset done out of place, and a list of losses rebuilt every epoch.
import torch
from torch import nn

cell_in = nn.Linear(8, 16)
cell_h = nn.Linear(16, 16)
readout = nn.Linear(16, 1)
opt = torch.optim.SGD([*cell_in.parameters(), *cell_h.parameters()], lr=0.1)

seq = torch.randn(5, 4, 8)
done = torch.tensor([0, 1, 0, 0], dtype=torch.bool)

for epoch in range(2):
    opt.zero_grad()
    h = torch.zeros(4, 16)
    preds = []
    for t, x_t in enumerate(seq):
        h = torch.tanh(cell_in(x_t) + cell_h(h))
        if t == 2:
            h = h.masked_fill(done[:, None], 0.0)
        preds.append(readout(h))
    losses = []
    for p in preds:
        losses.append(p.pow(2).mean())
    sum(losses).backward()
    opt.step()
