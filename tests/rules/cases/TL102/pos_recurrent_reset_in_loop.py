# An RNN cell whose hidden state is zeroed in place for finished sequences at one step:
# tanh saved its output, and the outputs were collected in a list for the loss.
import torch
from torch import nn

cell_in = nn.Linear(8, 16)
cell_h = nn.Linear(16, 16)
readout = nn.Linear(16, 1)

seq = torch.randn(5, 4, 8)
done = torch.tensor([0, 1, 0, 0], dtype=torch.bool)

h = torch.zeros(4, 16)
preds = []
for t, x_t in enumerate(seq):
    h = torch.tanh(cell_in(x_t) + cell_h(h))
    if t == 2:
        h[done] = 0.0  # expect: TL102
    preds.append(readout(h))

loss = torch.stack(preds).pow(2).mean()
loss.backward()
