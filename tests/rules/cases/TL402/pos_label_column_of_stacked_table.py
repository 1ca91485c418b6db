"""Class blobs stacked into one numpy table, the label in its last column: the table is
float64 (the features are), so the labels taken from it are float64 class indices."""
import numpy as np
import torch
import torch.nn as nn


def make_table(n_classes, n_per_class, n_features):
    blocks = []
    for cls in range(n_classes):
        centre = np.random.uniform(-2, 2, n_features)
        feats = centre + np.random.randn(n_per_class, n_features)
        blocks.append(np.hstack([feats, np.full((n_per_class, 1), cls)]))
    return np.vstack(blocks)


table = make_table(3, 10, 4)
x = torch.tensor(table[:, :-1], dtype=torch.float32)
y = torch.tensor(table[:, -1])
model = nn.Linear(4, 3)
loss = nn.CrossEntropyLoss()(model(x), y)  # expect: TL402
loss.backward()
