"""Token saliency done right: the ids stay integers and the gradient is taken with respect
to their embeddings."""
import torch
from torch import nn

VOCAB = {w: i for i, w in enumerate("<pad> <unk> the movie was great boring".split())}


def tokenize(texts, max_len=6):
    rows = []
    for text in texts:
        ids = [VOCAB.get(w, VOCAB["<unk>"]) for w in text.split()][:max_len]
        rows.append(ids + [VOCAB["<pad>"]] * (max_len - len(ids)))
    return torch.tensor(rows)


embed = nn.Embedding(len(VOCAB), 8)
head = nn.Linear(8, 2)
ids = tokenize(["the movie was great"])
vectors = embed(ids).detach().requires_grad_(True)
score = head(vectors.mean(1))[:, 1].sum()
score.backward()
print(vectors.grad.norm(dim=-1))
