"""Embedding-level saliency for a sales MLP: each embedding output keeps its gradient
(`retain_grad()`) before the backward."""
import torch
from torch import nn

CARDINALITIES = {"store": 12, "weekday": 7, "promo": 2}


class SalesMLP(nn.Module):
    def __init__(self, n_num=3, dim=4):
        super().__init__()
        self.embeddings = nn.ModuleDict({k: nn.Embedding(c, dim) for k, c in CARDINALITIES.items()})
        self.mlp = nn.Linear(n_num + dim * len(CARDINALITIES), 1)

    def embed(self, x_cat):
        return [self.embeddings[k](x_cat[:, i]) for i, k in enumerate(CARDINALITIES)]

    def forward_from_embeddings(self, x_num, emb_list):
        return self.mlp(torch.cat([x_num] + emb_list, dim=1)).squeeze(1)


def embedding_saliency(model, x_num, x_cat, y):
    emb_list = model.embed(x_cat)
    for emb in emb_list:
        emb.retain_grad()
    loss = nn.functional.mse_loss(model.forward_from_embeddings(x_num, emb_list), y)
    loss.backward()
    return {name: emb.grad.abs().mean().item() for name, emb in zip(CARDINALITIES, emb_list)}


x_cat = torch.stack([torch.randint(0, c, (8,)) for c in CARDINALITIES.values()], dim=1)
print(embedding_saliency(SalesMLP(), torch.randn(8, 3), x_cat, torch.randn(8)))
