# model.eval() forgotten; accuracy varies between runs
import torch
import torch.nn as nn
model = nn.Sequential(nn.Linear(10, 32), nn.BatchNorm1d(32), nn.ReLU(), nn.Dropout(0.2), nn.Linear(32, 2))
optimizer = torch.optim.Adam(model.parameters())
X = torch.randn(64, 10)
Y = torch.randint(0, 2, (64,))
for epoch in range(5):
    optimizer.zero_grad()
    loss = nn.CrossEntropyLoss()(model(X), Y)
    loss.backward()
    optimizer.step()
    with torch.no_grad():
        val_acc = (model(X).argmax(1) == Y).float().mean()  # expect: TL304
