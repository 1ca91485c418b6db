# A research-code setup: SimpleNamespace config, activation and optimizer by name,
# constructor keywords spread from the config, a DDP stand-in guarded by world_size.
from types import SimpleNamespace

import torch
import torch.nn as nn

cfg = SimpleNamespace(
    world_size=1,
    model=SimpleNamespace(n_entities=20, dim=8, act="Tanh"),
    optim=SimpleNamespace(name="Adagrad", lr=0.05),
)


class Wrapper(nn.Module):
    def __init__(self, module):
        super().__init__()
        self.module = module

    def forward(self, *args, **kwargs):
        return self.module(*args, **kwargs)


class Embedder(nn.Module):
    def __init__(self, n_entities, dim, act, **kwargs):
        super().__init__()
        self.ent = nn.Embedding(n_entities, dim)
        self.act = getattr(nn, act)()

    def forward(self, idx):
        return self.act(self.ent(idx))


model = Embedder(**vars(cfg.model))
if cfg.world_size > 1:
    model = Wrapper(model)
opt = getattr(torch.optim, cfg.optim.name)(model.parameters(), lr=cfg.optim.lr)
for epoch in range(2):
    w = model.ent.weight
    w.div_(w.norm(dim=1, keepdim=True))  # expect: TL101
    loss = model(torch.randint(0, 20, (5,))).pow(2).sum()
    opt.zero_grad()
    loss.backward()
    opt.step()
