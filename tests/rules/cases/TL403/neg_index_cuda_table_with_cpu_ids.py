# Indices on the CPU may index a tensor on any device; a table moved with the model is fine.
import torch
import torch.nn as nn

device = torch.device("cuda" if torch.cuda.is_available() else "cpu")
table = torch.randn(10, 4, device=device)
ids = torch.tensor([1, 2, 3])
rows = table[ids]

emb = nn.Embedding(10, 4).to(device)
picked = emb.weight[ids]
print(rows.sum() + picked.sum())
