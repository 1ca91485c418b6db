# Float boundaries cut to a configured length: a float tensor may require grad.
import torch

CFG = dict(n_buckets=5)


def make_bucket_boundaries(cfg):
    edges = [0.0, 1.0, 2.0, 4.0, 8.0][: cfg["n_buckets"]]
    return torch.tensor(edges, requires_grad=True)


def mixed(cfg):
    # ints and floats mixed: torch makes float32
    return torch.tensor([0, 1.5, 2, 4][: cfg["n_buckets"]], requires_grad=True)


print(make_bucket_boundaries(CFG).sum(), mixed(CFG).sum())
