import numpy as np
import torch
import torch.nn as nn
from torch.utils.data import DataLoader, TensorDataset


def load_housing(n=120, seed=3):
    rng = np.random.default_rng(seed)
    rooms = rng.integers(1, 7, size=n)
    area = rng.normal(80, 25, size=n)
    age = rng.uniform(0, 60, size=n)
    X = np.stack([rooms, area, age], axis=1) / np.array([6.0, 100.0, 60.0])
    price = 0.5 * rooms + 0.02 * area - 0.01 * age + rng.normal(0, 0.1, size=n)
    return X, price.reshape(-1, 1)


class Regressor(nn.Module):
    def __init__(self):
        super().__init__()
        self.net = nn.Sequential(nn.Linear(3, 16), nn.ReLU(), nn.Linear(16, 1))

    def forward(self, x):
        return self.net(x)


def main():
    X, y = load_housing()
    X_t = torch.from_numpy(X)
    y_t = torch.from_numpy(y).float()
    loader = DataLoader(TensorDataset(X_t, y_t), batch_size=32, shuffle=True)

    model = Regressor()
    opt = torch.optim.Adam(model.parameters(), lr=1e-2)
    loss_fn = nn.MSELoss()

    for epoch in range(10):
        for xb, yb in loader:
            opt.zero_grad()
            pred = model(xb)  # expect: TL402
            loss = loss_fn(pred, yb)
            loss.backward()
            opt.step()
        print(f"epoch {epoch} mse {loss.item():.4f}")


if __name__ == "__main__":
    main()
