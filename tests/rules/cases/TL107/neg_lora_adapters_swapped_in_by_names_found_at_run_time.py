"""LoRA: the base model is frozen, then adapters are swapped in with setattr by names found at run time."""
import torch
import torch.nn.functional as F
from torch import nn

TARGETS = ("fc1", "fc2")


class LoRALinear(nn.Module):
    def __init__(self, base, rank=2):
        super().__init__()
        self.base = base
        self.A = nn.Parameter(torch.randn(rank, base.in_features) * 0.01)
        self.B = nn.Parameter(torch.zeros(base.out_features, rank))

    def forward(self, x):
        return self.base(x) + x @ self.A.T @ self.B.T


class MLP(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc1 = nn.Linear(8, 16)
        self.fc2 = nn.Linear(16, 3)

    def forward(self, x):
        return self.fc2(F.relu(self.fc1(x)))


def apply_lora(model, names):
    model.requires_grad_(False)
    for name in names:
        setattr(model, name, LoRALinear(getattr(model, name)))
    return model


model = apply_lora(MLP(), [n for n, m in MLP().named_children() if isinstance(m, nn.Linear)])
opt = torch.optim.AdamW([p for p in model.parameters() if p.requires_grad], lr=1e-3)
loss = F.cross_entropy(model(torch.randn(4, 8)), torch.randint(0, 3, (4,)))
opt.zero_grad()
loss.backward()
opt.step()
print("trainable:", sum(p.numel() for p in model.parameters() if p.requires_grad))
