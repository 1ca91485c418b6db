# The same setup with the renormalisation under no_grad.
from types import SimpleNamespace

import torch
import torch.nn as nn

cfg = SimpleNamespace(world_size=1, model=SimpleNamespace(n_entities=20, dim=8, act="Tanh"))


class Embedder(nn.Module):
    def __init__(self, n_entities, dim, act, **kwargs):
        super().__init__()
        self.ent = nn.Embedding(n_entities, dim)
        self.act = getattr(nn, act)()

    def forward(self, idx):
        return self.act(self.ent(idx))


model = Embedder(**vars(cfg.model))
opt = torch.optim.SGD(model.parameters(), lr=0.1)
for epoch in range(2):
    with torch.no_grad():
        w = model.ent.weight
        w.div_(w.norm(dim=1, keepdim=True))
    loss = model(torch.randint(0, 20, (5,))).pow(2).sum()
    opt.zero_grad()
    loss.backward()
    opt.step()
