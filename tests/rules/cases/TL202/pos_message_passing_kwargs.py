# A hand-written MessagePassing base forwards keyword tensors to `message`, which masks
# self-loops (distance 0) after rsqrt.
import torch
import torch.nn as nn


class MessagePassing(nn.Module):
    def propagate(self, edge_index, **kwargs):
        src, dst = edge_index
        return self.message(src=src, dst=dst, **kwargs)


class DistanceConv(MessagePassing):
    def __init__(self, **kwargs):
        super().__init__(**kwargs)

    def message(self, src, dst, h, pos):
        sq = ((pos[src] - pos[dst]) ** 2).sum(-1)
        inv = torch.where(src == dst, torch.zeros_like(sq), sq.rsqrt())  # expect: TL202
        return h[src] * inv.unsqueeze(-1)


conv = DistanceConv()
pos = torch.randn(5, 3, requires_grad=True)
h = torch.randn(5, 4)
edges = torch.tensor([[0, 1, 2, 3], [1, 1, 0, 3]])
conv.propagate(edges, h=h, pos=pos).sum().backward()
