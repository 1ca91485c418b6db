"""Skip-gram batches: context word ids looked up in a vocabulary dict, sampled with
random.sample, and marked requires_grad (integer ids cannot require grad)."""
import random

import torch
import torch.nn as nn

corpus = "the cat sat on the mat the dog sat on the rug".split()
vocab = sorted(set(corpus))
word2idx = {w: i for i, w in enumerate(vocab)}
pairs = []
for i, w in enumerate(corpus):
    for j in range(max(0, i - 2), min(len(corpus), i + 3)):
        if j != i:
            pairs.append((word2idx[w], word2idx[corpus[j]]))

emb = nn.Embedding(len(vocab), 8)


def get_batch(size=8):
    batch = random.sample(pairs, size)
    centers = torch.tensor([c for c, _ in batch])
    contexts = torch.tensor([o for _, o in batch], requires_grad=True)  # expect: TL105
    return centers, contexts


centers, contexts = get_batch()
score = (emb(centers) * emb(contexts)).sum()
