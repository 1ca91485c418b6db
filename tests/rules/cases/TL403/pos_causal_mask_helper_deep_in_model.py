# A language model three modules deep: the attention's mask comes from a small helper that
# makes it on the CPU, while the model and its tokens are on the GPU. q, k, v are the rows of
# a permuted projection.
import math

import torch
from torch import nn

device = "cuda"


def causal_mask(T):
    return torch.triu(torch.ones(T, T, dtype=torch.bool), diagonal=1)


class SelfAttention(nn.Module):
    def __init__(self, dim, heads):
        super().__init__()
        self.h = heads
        self.qkv = nn.Linear(dim, 3 * dim)

    def forward(self, x):
        B, T, D = x.shape
        q, k, v = self.qkv(x).view(B, T, 3, self.h, D // self.h).permute(2, 0, 3, 1, 4)
        scores = q @ k.transpose(-2, -1) / math.sqrt(D // self.h)
        scores = scores.masked_fill(causal_mask(T), float("-inf"))  # expect: TL403
        return (scores.softmax(-1) @ v).transpose(1, 2).reshape(B, T, D)


class Block(nn.Module):
    def __init__(self, dim, heads):
        super().__init__()
        self.ln = nn.LayerNorm(dim)
        self.attn = SelfAttention(dim, heads)

    def forward(self, x):
        return x + self.attn(self.ln(x))


class TinyLM(nn.Module):
    def __init__(self, vocab, dim, heads, depth):
        super().__init__()
        self.tok = nn.Embedding(vocab, dim)
        self.blocks = nn.ModuleList([Block(dim, heads) for _ in range(depth)])
        self.head = nn.Linear(dim, vocab)

    def forward(self, idx):
        x = self.tok(idx)
        for blk in self.blocks:
            x = blk(x)
        return self.head(x)


class Trainer:
    def __init__(self, model):
        self.model = model
        self.opt = torch.optim.AdamW(model.parameters(), lr=3e-4)

    def train_step(self, batch):
        batch = batch.to(device)
        self.opt.zero_grad()
        logits = self.model(batch[:, :-1])
        loss = nn.functional.cross_entropy(logits.flatten(0, 1), batch[:, 1:].flatten())
        loss.backward()
        self.opt.step()
        return loss.item()

    def fit(self, steps):
        for _ in range(steps):
            self.train_step(torch.randint(0, 40, (4, 17)))


if __name__ == "__main__":
    Trainer(TinyLM(40, 32, 4, 2).to(device)).fit(3)
