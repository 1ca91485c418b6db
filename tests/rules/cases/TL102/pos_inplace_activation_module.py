import torch
import torch.nn as nn

lin = nn.Linear(4, 4)
act = nn.ReLU(inplace=True)
x = torch.randn(2, 4)
h = torch.tanh(lin(x))
out = act(h)  # expect: TL102
out.sum().backward()
