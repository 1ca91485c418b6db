"""A small classifier trained and evaluated with the usual loop mistakes."""

import torch
import torch.nn as nn
import torch.nn.functional as F


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc1 = nn.Linear(20, 64)
        self.drop = nn.Dropout(0.3)
        self.fc2 = nn.Linear(64, 5)

    def forward(self, x):
        h = F.relu(self.fc1(x))
        h = F.dropout(h, p=0.2)  # TL305: no training=self.training
        return self.fc2(self.drop(h))


model = Net()
optimizer = torch.optim.SGD(model.parameters(), lr=0.05)
X = torch.randn(128, 20)
Y = torch.randint(0, 5, (128,))

total_loss = 0
for epoch in range(20):
    logits = model(X)
    loss = F.cross_entropy(logits, Y)
    loss.backward()
    optimizer.step()  # TL301: no zero_grad in the loop
    total_loss += loss  # TL303: keeps every graph alive
print("mean loss", total_loss / 20)


def evaluate(model, batches):
    correct = 0
    for x, y in batches:
        out = model(x)  # TL302: no torch.no_grad(); TL304: model still in training mode
        correct += (out.argmax(1) == y).sum().item()
    return correct


print(evaluate(model, [(X, Y)]))
