# Bucket boundaries "tuned end to end": a literal list of ints cut to a configured length
# is still ints, and torch.tensor of it is int64.
import torch
from torch import nn

CFG = dict(n_buckets=5, heads=2)


def make_bucket_boundaries(cfg):
    edges = [0, 1, 2, 4, 8][: cfg["n_buckets"]]
    return torch.tensor(edges, requires_grad=True)  # expect: TL105


class RelPosBias(nn.Module):
    def __init__(self, cfg):
        super().__init__()
        self.boundaries = make_bucket_boundaries(cfg)
        self.table = nn.Embedding(cfg["n_buckets"] + 1, cfg["heads"])

    def forward(self, T):
        rel = (torch.arange(T)[None, :] - torch.arange(T)[:, None]).abs()
        return self.table(torch.bucketize(rel, self.boundaries.detach()))


print(RelPosBias(CFG)(6).shape)
