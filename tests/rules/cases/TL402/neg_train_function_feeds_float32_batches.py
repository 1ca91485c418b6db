# The same training function, with the dataset converting each row to float32.
import numpy as np
import torch
import torch.nn as nn
from torch.utils.data import DataLoader, Dataset


class Rows(Dataset):
    def __init__(self, features: np.ndarray, labels: np.ndarray):
        self.features = (features - features.mean(axis=0)) / (features.std(axis=0) + 1e-8)
        self.labels = labels

    def __len__(self):
        return len(self.labels)

    def __getitem__(self, idx):
        return torch.from_numpy(self.features[idx]).float(), torch.tensor(self.labels[idx], dtype=torch.long)


class Net(nn.Module):
    def __init__(self, n_features: int):
        super().__init__()
        self.body = nn.Sequential(nn.Linear(n_features, 16), nn.ReLU(), nn.Linear(16, 2))

    def forward(self, x):
        return self.body(x)


def train(model, loader, optimizer):
    criterion = nn.CrossEntropyLoss()
    for x, y in loader:
        optimizer.zero_grad()
        loss = criterion(model(x), y)
        loss.backward()
        optimizer.step()


def main():
    rng = np.random.default_rng(0)
    X = rng.normal(size=(64, 5))
    y = (X[:, 0] > 0).astype(np.int64)
    model = Net(5)
    train(model, DataLoader(Rows(X, y), batch_size=16), torch.optim.SGD(model.parameters(), lr=0.1))


main()
