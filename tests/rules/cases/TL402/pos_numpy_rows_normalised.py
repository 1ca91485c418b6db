"""Bag-of-words features, idf-weighted and L2-normalised with numpy: float64 all along."""

from collections import Counter

import numpy as np
import torch
import torch.nn as nn


class Vocabulary:
    def __init__(self, docs):
        counts = Counter(tok for doc in docs for tok in doc)
        self.itos = ["<unk>"] + sorted(counts)
        self.stoi = {t: i for i, t in enumerate(self.itos)}
        self.idf = np.array([0.0] + [np.log(1 + len(docs) / counts[t]) for t in self.itos[1:]])

    def __len__(self):
        return len(self.itos)

    def tfidf(self, docs) -> np.ndarray:
        counts = np.zeros((len(docs), len(self)), dtype=np.float64)
        for row, doc in enumerate(docs):
            for tok in doc:
                counts[row, self.stoi.get(tok, 0)] += 1.0
        weighted = counts * self.idf
        return weighted / np.maximum(np.linalg.norm(weighted, axis=1, keepdims=True), 1e-12)


docs = [["good", "movie"], ["bad", "movie"], ["good", "plot"]]
vocab = Vocabulary(docs)
model = nn.Linear(len(vocab), 2)
features = torch.from_numpy(vocab.tfidf(docs))
logits = model(features)  # expect: TL402
