"""A policy's scores are expanded and repeated per pick as logits; the probabilities are only sampled from."""
import torch
import torch.nn as nn
import torch.nn.functional as F


class Policy(nn.Module):
    def __init__(self, n_actions=6, dim=8):
        super().__init__()
        self.emb = nn.Embedding(n_actions, dim)
        self.query = nn.Parameter(torch.randn(dim) * 0.1)

    def logits(self, batch):
        return (self.emb.weight @ self.query).expand(batch, -1)


def neg_log_likelihood(logits, actions):
    k = actions.shape[1]
    flat = logits.repeat_interleave(k, dim=0)
    return F.cross_entropy(flat, actions.reshape(-1), reduction="none")


policy = Policy()
opt = torch.optim.Adam(policy.parameters(), lr=0.05)
for _ in range(3):
    logits = policy.logits(16)
    actions = torch.multinomial(logits.detach().softmax(-1).repeat(1, 1), 2, replacement=True)
    loss = neg_log_likelihood(logits, actions).mean()
    opt.zero_grad()
    loss.backward()
    opt.step()
print(loss.item())
