import numpy as np
import torch
import torch.nn.functional as F
from torch import nn
from torch.utils.data import DataLoader, Dataset


class Trials(Dataset):
    def __init__(self, raw, labels):
        mu = raw.mean(axis=(0, 2), keepdims=True)
        sd = raw.std(axis=(0, 2), keepdims=True) + 1e-6
        self.x = torch.from_numpy((raw - mu) / sd)
        self.y = torch.from_numpy(labels).long()

    def __len__(self):
        return len(self.y)

    def __getitem__(self, i):
        return self.x[i], self.y[i]


class CausalBlock(nn.Module):
    def __init__(self, c_in, c_out, k, dilation):
        super().__init__()
        self.pad = (k - 1) * dilation
        self.conv = nn.utils.parametrizations.weight_norm(
            nn.Conv1d(c_in, c_out, k, dilation=dilation)
        )

    def forward(self, x):
        return F.relu(self.conv(F.pad(x, (self.pad, 0))))


class TCN(nn.Module):
    def __init__(self, channels=4, hidden=8, levels=3, classes=2):
        super().__init__()
        blocks, c_in = [], channels
        for level in range(levels):
            blocks.append(CausalBlock(c_in, hidden, 3, dilation=2**level))
            c_in = hidden
        self.tcn = nn.Sequential(*blocks)
        self.head = nn.Linear(hidden, classes)

    def forward(self, x):
        return self.head(self.tcn(x)[:, :, -1])


def recording(rng, trials=8, channels=4, times=32):
    return rng.normal(size=(trials, channels, times)), rng.integers(0, 2, trials)


def train():
    rng = np.random.default_rng(0)
    loader = DataLoader(Trials(*recording(rng)), batch_size=4)
    model = TCN()
    opt = torch.optim.AdamW(model.parameters())
    for xb, yb in loader:
        loss = F.cross_entropy(model(xb), yb)  # expect: TL402
        opt.zero_grad()
        loss.backward()
        opt.step()


train()
