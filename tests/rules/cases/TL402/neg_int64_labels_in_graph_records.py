"""Graph classification: the records' labels are int64, as cross_entropy wants."""
from dataclasses import dataclass

import torch
import torch.nn.functional as F
from torch import nn


@dataclass
class MolGraph:
    atoms: torch.Tensor
    y: torch.Tensor


def random_molecule(n_atoms, label):
    return MolGraph(torch.randn(n_atoms, 8), torch.tensor(label))


class Collated:
    def __init__(self, graphs):
        self.x = torch.stack([g.atoms.mean(0) for g in graphs])
        self.y = torch.stack([g.y for g in graphs])


model = nn.Linear(8, 2)
opt = torch.optim.Adam(model.parameters(), lr=1e-2)
dataset = [random_molecule(4 + i % 3, i % 2) for i in range(8)]
for i in range(0, len(dataset), 4):
    batch = Collated(dataset[i : i + 4])
    opt.zero_grad()
    loss = F.cross_entropy(model(batch.x), batch.y)
    loss.backward()
    opt.step()
print(loss.item())
