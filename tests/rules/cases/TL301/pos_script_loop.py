import torch
import torch.nn as nn
import torch.nn.functional as F

model = nn.Linear(10, 3)
optimizer = torch.optim.Adam(model.parameters(), lr=1e-3)
optimizer.zero_grad()  # once, before the loop: not enough
X = torch.randn(64, 10)
y = torch.randint(0, 3, (64,))
for epoch in range(10):
    loss = F.cross_entropy(model(X), y)
    loss.backward()
    optimizer.step()  # expect: TL301
