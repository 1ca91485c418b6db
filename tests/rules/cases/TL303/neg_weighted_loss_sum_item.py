import torch
from torch import nn
from torch.utils.data import DataLoader, TensorDataset


def train(model, loader, optimizer, criterion):
    loss_sum = 0.0
    n_seen = 0
    for xb, yb in loader:
        optimizer.zero_grad()
        batch_loss = criterion(model(xb).squeeze(1), yb)
        batch_loss.backward()
        optimizer.step()
        loss_sum += batch_loss.item() * xb.size(0)
        n_seen += xb.size(0)
    return loss_sum / n_seen


X, y = torch.rand(64, 5), torch.rand(64)
model = nn.Sequential(nn.Linear(5, 16), nn.Softplus(), nn.Linear(16, 1))
opt = torch.optim.Adam(model.parameters(), lr=1e-2)
for epoch in range(2):
    avg = train(model, DataLoader(TensorDataset(X, y), batch_size=16), opt, nn.MSELoss())
    print(float(avg))
