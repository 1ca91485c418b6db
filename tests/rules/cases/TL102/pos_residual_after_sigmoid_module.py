# one of the variables needed for gradient computation has been modified by an inplace operation
import torch
import torch.nn as nn

class Block(nn.Module):
    def __init__(self):
        super().__init__()
        self.lin = nn.Linear(8, 8)
        self.act = nn.Sigmoid()

    def forward(self, x):
        out = self.act(self.lin(x))
        out += x  # expect: TL102
        return out

net = Block()
x = torch.randn(4, 8)
loss = net(x).sum()
loss.backward()
