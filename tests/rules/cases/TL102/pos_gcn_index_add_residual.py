# A residual graph convolution: the messages are summed into zeros with index_add_, so the
# sum requires grad; relu saves its output, which the residual then changes in place.
import torch
import torch.nn as nn
import torch.nn.functional as F


class ResGCNLayer(nn.Module):
    def __init__(self, dim):
        super().__init__()
        self.lin = nn.Linear(dim, dim)

    def forward(self, x, src, dst):
        msg = self.lin(x)[src]
        agg = torch.zeros_like(x).index_add_(0, dst, msg)
        h = F.relu(agg)
        h += x  # expect: TL102
        return h


layer = ResGCNLayer(8)
x = torch.randn(5, 8)
src, dst = torch.tensor([0, 1, 2, 3]), torch.tensor([1, 2, 3, 4])
layer(x, src, dst).sum().backward()
