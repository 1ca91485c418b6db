# Samples gathered into a plain list, the class written as a float: the default collation
# turns the floats into a float64 batch, which CrossEntropyLoss rejects as class indices.
import torch
import torch.nn as nn
from torch.utils.data import DataLoader

samples = []
for i in range(64):
    features = torch.randn(10)
    samples.append((features, float(i % 2)))

loader = DataLoader(samples, batch_size=8, shuffle=True)
model = nn.Linear(10, 2)
criterion = nn.CrossEntropyLoss()
optimizer = torch.optim.SGD(model.parameters(), lr=0.1)

for xb, yb in loader:
    optimizer.zero_grad()
    loss = criterion(model(xb), yb)  # expect: TL402
    loss.backward()
    optimizer.step()
