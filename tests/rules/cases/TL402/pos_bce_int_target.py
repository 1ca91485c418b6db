import torch
import torch.nn as nn
import torch.nn.functional as F


class SpamDetector(nn.Module):
    def __init__(self, n_features: int):
        super().__init__()
        self.fc1 = nn.Linear(n_features, 32)
        self.fc2 = nn.Linear(32, 1)

    def forward(self, x):
        return self.fc2(F.relu(self.fc1(x))).squeeze(-1)


def synthetic_batch(batch_size=16, n_features=20):
    x = torch.rand(batch_size, n_features)
    return x, (x[:, :5].mean(1) > 0.5).long()


def train(model, steps=3):
    criterion = nn.BCEWithLogitsLoss()
    opt = torch.optim.Adam(model.parameters(), lr=3e-3)
    for _ in range(steps):
        x, is_spam = synthetic_batch()
        loss = criterion(model(x), is_spam)  # expect: TL402
        opt.zero_grad()
        loss.backward()
        opt.step()


probs = torch.sigmoid(torch.randn(8, requires_grad=True))
labels = torch.randint(0, 2, (8,))
bce = F.binary_cross_entropy(probs, labels)  # expect: TL402
train(SpamDetector(20))
