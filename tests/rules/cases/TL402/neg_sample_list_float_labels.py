# The same list of samples with the class kept an int: a batch of int64 class indices.
import torch
import torch.nn as nn
from torch.utils.data import DataLoader

samples = []
for i in range(64):
    features = torch.randn(10)
    samples.append((features, i % 2))

loader = DataLoader(samples, batch_size=8, shuffle=True)
model = nn.Linear(10, 2)
criterion = nn.CrossEntropyLoss()
optimizer = torch.optim.SGD(model.parameters(), lr=0.1)

for xb, yb in loader:
    optimizer.zero_grad()
    loss = criterion(model(xb), yb)
    loss.backward()
    optimizer.step()
