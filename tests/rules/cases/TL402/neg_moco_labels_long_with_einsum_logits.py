"""The same MoCo logits with integer class indices, and a bilinear score written with einsum
over two float32 tensors."""
import torch
import torch.nn.functional as F


def moco_logits(q, k, queue, temperature=0.07):
    pos = torch.einsum("nc,nc->n", q, k).unsqueeze(1)
    neg = torch.einsum("nc,kc->nk", q, queue)
    logits = torch.cat([pos, neg], dim=1) / temperature
    labels = torch.zeros(logits.shape[0], dtype=torch.long)
    return logits, labels


encoder = torch.nn.Linear(16, 8)
q = F.normalize(encoder(torch.randn(4, 16)), dim=1)
with torch.no_grad():
    k = F.normalize(encoder(torch.randn(4, 16)), dim=1)
queue = F.normalize(torch.randn(32, 8), dim=1)
logits, labels = moco_logits(q, k, queue)
W = torch.randn(8, 8, requires_grad=True)
bilinear = torch.einsum("nc,cd,nd->n", q, W, k)
loss = F.cross_entropy(logits, labels) + bilinear.mean()
loss.backward()
print(loss.item())
