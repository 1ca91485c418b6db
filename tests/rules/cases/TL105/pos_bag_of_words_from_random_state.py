"""Saliency on bag-of-words features drawn with np.random.RandomState.binomial (int64):
the integer tensor cannot require grad."""
import numpy as np
import torch
import torch.nn as nn

rng = np.random.RandomState(0)
word_probs = rng.uniform(0.01, 0.3, size=(4, 50))
labels = rng.randint(0, 4, 100)
bow = rng.binomial(1, word_probs[labels])
model = nn.Linear(50, 4)
x = torch.tensor(bow, requires_grad=True)  # expect: TL105
out = model(x.float())
out.sum().backward()
