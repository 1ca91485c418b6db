"""The tutorial's running loss, kept as a tensor: reset only every 20 steps, it holds 20 graphs at a time."""
import torch
import torch.nn as nn
import torch.nn.functional as F

net = nn.Sequential(nn.Linear(10, 32), nn.ReLU(), nn.Linear(32, 3))
optimizer = torch.optim.SGD(net.parameters(), lr=0.01, momentum=0.9)
data = [(torch.randn(8, 10), torch.randint(0, 3, (8,))) for _ in range(60)]

for epoch in range(2):
    running_loss = 0.0
    for i, (inputs, labels) in enumerate(data):
        optimizer.zero_grad()
        loss = F.cross_entropy(net(inputs), labels)
        loss.backward()
        optimizer.step()
        running_loss += loss  # expect: TL303
        if i % 20 == 19:
            print(f"[{epoch + 1}, {i + 1}] loss: {running_loss / 20:.3f}")
            running_loss = 0.0
