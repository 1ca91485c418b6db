# A SimpleNamespace config overridden through vars(), __dict__ and setattr: its device is
# then not the literal's.
import types

import torch

cfg = types.SimpleNamespace(device="cpu", dim=4)
vars(cfg).update(device="cuda")
x = torch.randn(3, cfg.dim, device=cfg.device)

cfg2 = types.SimpleNamespace(device="cpu")
cfg2.__dict__.update({"device": "cuda"})
x2 = torch.randn(3, 4, device=cfg2.device)

cfg3 = types.SimpleNamespace(device="cpu")
for k, v in {"device": "cuda"}.items():
    setattr(cfg3, k, v)
x3 = torch.randn(3, 4, device=cfg3.device)

y = torch.randn(3, 4, device="cuda")
print((x + y).sum(), (x2 + y).sum(), (x3 + y).sum())
