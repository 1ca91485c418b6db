# Attention weights renormalised after top-k pruning, then an entropy bonus with the log's
# input made safe first: `where(w > 0, w, 1)` is the guard half of a double where, not a
# mask hiding the division's own singular point.
import torch
import torch.nn as nn


class PrunedAttentionEntropy(nn.Module):
    def __init__(self, dim: int, k: int = 2):
        super().__init__()
        self.score = nn.Linear(dim, 1)
        self.k = k

    def forward(self, tokens: torch.Tensor) -> torch.Tensor:
        scores = self.score(tokens).squeeze(-1).softmax(-1)
        kth = scores.topk(self.k, dim=-1).values[..., -1:]
        kept = torch.where(scores >= kth, scores, torch.zeros_like(scores))
        weights = kept / kept.sum(-1, keepdim=True)
        safe = torch.where(weights > 0, weights, torch.ones_like(weights))
        return -(weights * safe.log()).sum(-1).mean()


head = PrunedAttentionEntropy(8)
bonus = head(torch.randn(4, 6, 8))
bonus.backward()
print(torch.isnan(head.score.weight.grad).any().item())
