# Contrastive loss: pairwise distances with the diagonal masked out by (1 - eye). The
# diagonal distances are exactly 0, sqrt's gradient there is infinite: 0 x inf = NaN.
import torch


def pairwise_distances(emb):
    diff = emb.unsqueeze(1) - emb.unsqueeze(0)
    dist = torch.sqrt((diff**2).sum(-1))
    mask = 1.0 - torch.eye(emb.shape[0])
    return dist * mask  # expect: TL202


emb = torch.randn(4, 8, requires_grad=True)
d = pairwise_distances(emb)
loss = d.mean()
loss.backward()
print(emb.grad)
