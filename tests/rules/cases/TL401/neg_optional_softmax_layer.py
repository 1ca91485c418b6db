# A softmax layer appended only for export; training uses the logits.
import argparse

import torch
import torch.nn as nn

parser = argparse.ArgumentParser()
parser.add_argument("--export-probs", action="store_true")
args = parser.parse_args([])

layers = [nn.Linear(4, 8), nn.ReLU(), nn.Linear(8, 3)]
if args.export_probs:
    layers.append(nn.Softmax(dim=1))  # only for the exported inference model
model = nn.Sequential(*layers)

x, y = torch.randn(16, 4), torch.randint(0, 3, (16,))
opt = torch.optim.SGD(model.parameters(), lr=0.1)
criterion = nn.CrossEntropyLoss()
if not args.export_probs:
    for _ in range(5):
        opt.zero_grad()
        loss = criterion(model(x), y)
        loss.backward()
        opt.step()
