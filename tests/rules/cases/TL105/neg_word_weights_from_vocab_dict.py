"""Per-word weights from a vocabulary dict of floats: a float tensor may require grad."""
import random

import torch

corpus = "the cat sat on the mat the dog sat on the rug".split()
vocab = sorted(set(corpus))
freq = {w: 1.0 / (i + 1) for i, w in enumerate(vocab)}
words = random.sample(vocab, 4)
weights = torch.tensor([freq[w] for w in words], requires_grad=True)
loss = (weights * torch.randn(4)).pow(2).sum()
loss.backward()
