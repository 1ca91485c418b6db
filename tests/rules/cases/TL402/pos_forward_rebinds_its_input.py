import numpy as np
import torch
import torch.nn as nn

X_raw = np.random.rand(64, 8) * 100
y_raw = X_raw @ np.random.randn(8, 1)
X_train = torch.from_numpy((X_raw - X_raw.mean(axis=0)) / X_raw.std(axis=0))
y_train = torch.from_numpy(y_raw).float()


class HousePriceNet(nn.Module):
    def __init__(self, n_in):
        super(HousePriceNet, self).__init__()
        self.fc1 = nn.Linear(n_in, 32)
        self.out = nn.Linear(32, 1)

    def forward(self, x):
        x = torch.relu(self.fc1(x))
        return self.out(x)


model = HousePriceNet(8)
optimizer = torch.optim.Adam(model.parameters(), lr=0.01)


def train(epochs=2, batch=16):
    for epoch in range(epochs):
        perm = torch.randperm(X_train.shape[0])
        for i in range(0, X_train.shape[0], batch):
            idx = perm[i : i + batch]
            xb, yb = X_train[idx], y_train[idx]
            optimizer.zero_grad()
            preds = model(xb)  # expect: TL402
            loss = nn.functional.mse_loss(preds, yb)
            loss.backward()
            optimizer.step()


train()
