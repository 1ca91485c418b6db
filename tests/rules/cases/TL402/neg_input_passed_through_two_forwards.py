import numpy as np
import torch
from torch import nn
from torch.utils.data import DataLoader, Dataset


class Clouds(Dataset):
    def __init__(self, n=8, points=32):
        rng = np.random.default_rng(0)
        self.clouds = [rng.normal(size=(points, 3)) for _ in range(n)]

    def __len__(self):
        return len(self.clouds)

    def __getitem__(self, i):
        cloud = self.clouds[i]
        return torch.from_numpy(cloud - cloud.mean(axis=0, keepdims=True))


class Encoder(nn.Module):
    def __init__(self, latent=16):
        super().__init__()
        self.mlp = nn.Sequential(nn.Conv1d(3, 32, 1), nn.ReLU(), nn.Conv1d(32, latent, 1))

    def forward(self, pts):
        return self.mlp(pts.transpose(1, 2)).max(dim=2).values


class AutoEncoder(nn.Module):
    def __init__(self, latent=16, points=32):
        super().__init__()
        self.enc = Encoder(latent)
        self.dec = nn.Linear(latent, points * 3)

    def forward(self, pts):
        return self.dec(self.enc(pts)).view(pts.size(0), -1, 3)


def train():
    model = AutoEncoder()
    opt = torch.optim.Adam(model.parameters())
    for cloud in DataLoader(Clouds(), batch_size=4):
        recon = model(cloud.float())
        loss = (recon - cloud.float()).pow(2).mean()
        opt.zero_grad()
        loss.backward()
        opt.step()


train()
