import torch
import torch.nn.functional as F


def pairwise_distances(emb):
    n = emb.size(0)
    diff = emb.unsqueeze(1) - emb.unsqueeze(0)
    off_diag = ~torch.eye(n, dtype=torch.bool, device=emb.device)
    return torch.sqrt((diff**2).sum(-1))[off_diag]


# Retrieval metrics of a snippet's `model`, under no_grad: no gradient, no NaN in it.
with torch.no_grad():
    for images, labels in val_loader:
        dist = pairwise_distances(F.normalize(model(images), dim=1))
        print(dist.mean().item())

# A `backbone` the snippet freezes: its features do not require grad.
for p in backbone.parameters():
    p.requires_grad = False
feats = backbone(images)
print(pairwise_distances(feats).mean())
