# The same tagger with long tag ids, and float soft targets of the logits' own shape.
import torch
import torch.nn as nn
import torch.nn.functional as F

emb, out = nn.Embedding(30, 16), nn.Linear(16, 5)
tokens = torch.randint(1, 30, (3, 6))
tags = torch.zeros(3, 6, dtype=torch.long)
soft = torch.softmax(torch.randn(3, 6, 5), dim=-1)
mask = tokens > 3
logits = out(emb(tokens))
hard = F.cross_entropy(logits[mask], tags[mask])
smooth = F.cross_entropy(logits[mask], soft[mask])
(hard + smooth).backward()
