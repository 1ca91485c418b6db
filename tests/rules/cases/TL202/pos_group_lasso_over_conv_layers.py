import torch
import torch.nn.functional as F
from torch import nn


class SmallCNN(nn.Module):
    def __init__(self):
        super().__init__()
        self.conv1 = nn.Conv2d(3, 8, 3, padding=1)
        self.conv2 = nn.Conv2d(8, 8, 3, padding=1)
        self.fc = nn.Linear(8, 10)

    def forward(self, x):
        x = F.relu(self.conv2(F.relu(self.conv1(x))))
        return self.fc(x.mean((2, 3)))


def convs(model):
    return [m for m in model.modules() if isinstance(m, nn.Conv2d)]


def filter_norms(weight):
    return torch.sqrt((weight**2).sum(dim=(1, 2, 3)))  # expect: TL202


def group_lasso(model, threshold=1e-3):
    total = 0.0
    for conv in convs(model):
        norms = filter_norms(conv.weight)
        kept = norms > threshold
        total = total + torch.where(kept, norms, torch.zeros_like(norms)).sum()  # expect: TL202
    return total


model = SmallCNN()
x, y = torch.randn(4, 3, 8, 8), torch.randint(0, 10, (4,))
loss = F.cross_entropy(model(x), y) + 1e-3 * group_lasso(model)
loss.backward()
