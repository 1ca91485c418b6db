"""A policy's action probabilities are expanded to the batch and repeated per pick, then scored with cross_entropy."""
import torch
import torch.nn as nn
import torch.nn.functional as F


class Policy(nn.Module):
    def __init__(self, n_actions=6, dim=8):
        super().__init__()
        self.emb = nn.Embedding(n_actions, dim)
        self.query = nn.Parameter(torch.randn(dim) * 0.1)

    def probs(self, batch):
        scores = self.emb.weight @ self.query
        return F.softmax(scores, dim=-1).expand(batch, -1)


def neg_log_likelihood(probs, actions):
    k = actions.shape[1]
    flat = probs.repeat_interleave(k, dim=0)
    return F.cross_entropy(flat, actions.reshape(-1), reduction="none")  # expect: TL401


policy = Policy()
opt = torch.optim.Adam(policy.parameters(), lr=0.05)
for _ in range(3):
    p = policy.probs(16)
    actions = torch.multinomial(p.detach(), 2, replacement=True)
    loss = neg_log_likelihood(p, actions).mean()
    opt.zero_grad()
    loss.backward()
    opt.step()
print(loss.item())
