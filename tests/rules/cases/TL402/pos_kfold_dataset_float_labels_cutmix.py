"""K-fold image classification with cutmix: the dataset makes float32 labels, and the
mixed loss gives them to cross-entropy as class indices."""
import numpy as np
import torch
import torch.nn.functional as F
from torch import nn
from torch.utils.data import DataLoader, Dataset


class LeafDataset(Dataset):
    def __init__(self, images, labels):
        self.images, self.labels = images, labels

    def __len__(self):
        return len(self.images)

    def __getitem__(self, i):
        img = torch.tensor(self.images[i], dtype=torch.float32).permute(2, 0, 1) / 255.0
        return img, torch.tensor(self.labels[i], dtype=torch.float32)


class Net(nn.Module):
    def __init__(self, n_classes=4):
        super().__init__()
        self.features = nn.Sequential(nn.Conv2d(3, 8, 3, padding=1), nn.ReLU(), nn.AdaptiveAvgPool2d(1))
        self.head = nn.Linear(8, n_classes)

    def forward(self, x):
        return self.head(self.features(x).flatten(1))


def criterion(logits, ya, yb, lam):
    return lam * F.cross_entropy(logits, ya) + (1 - lam) * F.cross_entropy(logits, yb)  # expect: TL402


def train_fold(ds):
    model = Net()
    opt = torch.optim.Adam(model.parameters(), lr=1e-3)
    for x, y in DataLoader(ds, batch_size=8, shuffle=True):
        idx = torch.randperm(x.size(0))
        loss = criterion(model(x), y, y[idx], 0.7)
        opt.zero_grad()
        loss.backward()
        opt.step()


images = np.random.randint(0, 256, size=(32, 16, 16, 3), dtype=np.uint8)
labels = np.random.randint(0, 4, size=32)
fold = np.arange(32) % 2
for k in range(2):
    train_fold(LeafDataset(images[fold != k], labels[fold != k]))
