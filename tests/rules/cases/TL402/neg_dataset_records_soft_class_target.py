"""Grading images: float targets of the logits' shape are class probabilities (label
smoothing by hand), which CrossEntropyLoss takes; the index targets stay int64."""
import numpy as np
import torch
import torch.nn.functional as F
from torch import nn
from torch.utils.data import DataLoader, Dataset

N_GRADES = 5


class RecordDataset(Dataset):
    def __init__(self, records):
        self.records = list(records)

    def __len__(self):
        return len(self.records)

    def __getitem__(self, i):
        rec = self.records[i]
        img = np.random.default_rng(rec["seed"]).random((3, 16, 16), dtype=np.float32)
        return torch.from_numpy(img), torch.tensor(rec["grade"])


class GradeNet(nn.Module):
    def __init__(self):
        super().__init__()
        self.features = nn.Sequential(
            nn.Conv2d(3, 8, 3, padding=1), nn.ReLU(), nn.MaxPool2d(2),
            nn.AdaptiveAvgPool2d(1), nn.Flatten(),
        )
        self.head = nn.Linear(8, N_GRADES)

    def forward(self, x):
        return self.head(self.features(x))


def compute_loss(criterion, logits, labels, smoothing=0.1):
    soft = F.one_hot(labels, N_GRADES).float() * (1 - smoothing) + smoothing / N_GRADES
    return criterion(logits, soft) + criterion(logits, labels)


def train(records):
    loader = DataLoader(RecordDataset(records), batch_size=4)
    model = GradeNet()
    criterion = nn.CrossEntropyLoss()
    opt = torch.optim.SGD(model.parameters(), lr=0.1)
    for images, labels in loader:
        opt.zero_grad()
        loss = compute_loss(criterion, model(images), labels)
        loss.backward()
        opt.step()
    print(loss.item())


grades = np.random.default_rng(0).integers(0, N_GRADES, 8)
train([{"seed": i, "grade": int(g)} for i, g in enumerate(grades)])
