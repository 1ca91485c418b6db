# The batch-hard triplet loss's pairwise distances: eps added exactly where the squared
# distance is 0, so the square root never sees 0; the mask then zeroes those entries.
import torch


def pairwise_distances(embeddings, eps=1e-16):
    dot = embeddings @ embeddings.t()
    sq = torch.diagonal(dot)
    d2 = sq.unsqueeze(0) - 2.0 * dot + sq.unsqueeze(1)
    d2 = torch.clamp(d2, min=0.0)
    mask = (d2 == 0.0).float()
    d2 = d2 + mask * eps
    d = torch.sqrt(d2)
    return d * (1.0 - mask)


def pairwise_inline(e, eps=1e-9):
    sq = e.pow(2).sum(1)
    d2 = (sq[:, None] - 2 * e @ e.t() + sq[None, :]).clamp(min=0.0)
    zero = d2 == 0
    d = torch.sqrt(d2 + zero.float() * eps)
    return d * (~zero).float()


emb = torch.randn(6, 4, requires_grad=True)
(pairwise_distances(emb).sum() + pairwise_inline(emb).sum()).backward()
assert torch.isfinite(emb.grad).all()
