# nan loss with sqrt
import torch
def pairwise_distance(x):
    diff = x.unsqueeze(1) - x.unsqueeze(0)
    dist = torch.sqrt((diff ** 2).sum(-1))
    mask = torch.eye(x.shape[0], dtype=torch.bool)
    dist = dist.masked_fill(mask, 0)  # expect: TL202
    return dist
emb = torch.randn(5, 3, requires_grad=True)
d = pairwise_distance(emb)
d.sum().backward()
