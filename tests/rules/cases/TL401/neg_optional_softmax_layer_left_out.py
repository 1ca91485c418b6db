"""A classifier builder that appends a Softmax only for export; training uses the logits
version with CrossEntropyLoss."""
import torch
import torch.nn as nn


def build(widths, export=False):
    layers = []
    for cin, cout in zip(widths[:-1], widths[1:]):
        layers.append(nn.Linear(cin, cout))
        layers.append(nn.ReLU())
    layers.pop()
    if export:
        layers.append(nn.Softmax(dim=1))
    return nn.Sequential(*layers)


model = build([8, 16, 4])
criterion = nn.CrossEntropyLoss()
opt = torch.optim.SGD(model.parameters(), lr=0.1)
x, y = torch.randn(16, 8), torch.randint(0, 4, (16,))
for step in range(3):
    opt.zero_grad()
    criterion(model(x), y).backward()
    opt.step()
