# The same GCN with the degree clamped before the power: isolated nodes get 0, gradients stay finite.
import torch
from torch import nn


def sym_normalize(adj: torch.Tensor) -> torch.Tensor:
    deg = adj.sum(dim=1)
    d_inv_sqrt = deg.clamp_min(1e-12) ** -0.5 * (deg > 0)
    return d_inv_sqrt[:, None] * adj * d_inv_sqrt[None, :]


class EdgeGate(nn.Module):
    def __init__(self, structure: torch.Tensor):
        super().__init__()
        self.register_buffer("structure", structure)
        self.logits = nn.Parameter(torch.zeros_like(structure))

    def forward(self) -> torch.Tensor:
        return torch.sigmoid(self.logits) * self.structure


class GCN(nn.Module):
    def __init__(self, structure: torch.Tensor, d_in: int, n_classes: int):
        super().__init__()
        self.gate = EdgeGate(structure)
        self.lin = nn.Linear(d_in, n_classes)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        return sym_normalize(self.gate()) @ self.lin(x)


structure = (torch.rand(6, 6) < 0.4).float()
structure[0] = 0.0
structure[:, 0] = 0.0
model = GCN(structure, 3, 2)
out = model(torch.randn(6, 3))
out.sum().backward()
print(torch.isnan(model.gate.logits.grad).any())
