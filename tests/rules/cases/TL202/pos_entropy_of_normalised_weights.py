# The same renormalised weights with the classic `0 * log 0 = 0` written as a mask around
# the product: the log's gradient at the pruned (zero) weights is infinite.
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
        plogp = torch.where(weights > 0, weights * weights.log(), 0.0)  # expect: TL202
        return -plogp.sum(-1).mean()


head = PrunedAttentionEntropy(8)
bonus = head(torch.randn(4, 6, 8))
bonus.backward()
print(torch.isnan(head.score.weight.grad).any().item())
