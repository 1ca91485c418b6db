"""MoCo logits built with einsum (a positive column and a queue of negatives): the class
index of the positive is 0, but `torch.zeros(n)` makes float targets."""
import torch
import torch.nn.functional as F


def moco_logits(q, k, queue, temperature=0.07):
    pos = torch.einsum("nc,nc->n", q, k).unsqueeze(1)
    neg = torch.einsum("nc,kc->nk", q, queue)
    logits = torch.cat([pos, neg], dim=1) / temperature
    labels = torch.zeros(logits.shape[0])
    return logits, labels


encoder = torch.nn.Linear(16, 8)
q = F.normalize(encoder(torch.randn(4, 16)), dim=1)
with torch.no_grad():
    k = F.normalize(encoder(torch.randn(4, 16)), dim=1)
queue = F.normalize(torch.randn(32, 8), dim=1)
logits, labels = moco_logits(q, k, queue)
loss = F.cross_entropy(logits, labels)  # expect: TL402
loss.backward()
