"""Token embeddings scaled by sqrt(d_model) out of place inside forward."""
import math

import torch
from torch import nn


class TinyLM(nn.Module):
    def __init__(self, vocab=20, d=8):
        super().__init__()
        self.d = d
        self.wte = nn.Embedding(vocab, d)
        self.head = nn.Linear(d, vocab)

    def forward(self, idx):
        tok = self.wte(idx)
        tok = tok * math.sqrt(self.d)
        return self.head(tok)


model = TinyLM()
idx = torch.randint(0, 20, (2, 5))
loss = nn.functional.cross_entropy(model(idx).flatten(0, 1), idx.flatten())
loss.backward()
ref = TinyLM()
ref.load_state_dict(model.state_dict())
tok = ref.wte(idx) * math.sqrt(ref.d)
nn.functional.cross_entropy(ref.head(tok).flatten(0, 1), idx.flatten()).backward()
print("embedding grads agree:", torch.allclose(model.wte.weight.grad, ref.wte.weight.grad))
