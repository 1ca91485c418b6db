"""A VAE's preview: the decoder's images are upsampled one by one for a grid, each given
its batch dimension back first."""
import torch
import torch.nn.functional as F
from torch import nn


class Decoder(nn.Module):
    def __init__(self, z=8):
        super().__init__()
        self.fc = nn.Linear(z, 8 * 4 * 4)
        self.up = nn.Sequential(nn.ConvTranspose2d(8, 4, 4, 2, 1), nn.ReLU(), nn.ConvTranspose2d(4, 1, 4, 2, 1))

    def forward(self, z):
        return self.up(self.fc(z).view(-1, 8, 4, 4))


def preview(decoder, n=4, scale=4):
    tiles = []
    with torch.no_grad():
        imgs = torch.sigmoid(decoder(torch.randn(n, 8)))
        for img in imgs:
            tiles.append(F.interpolate(img.unsqueeze(0), scale_factor=scale).squeeze(0))
    return tiles


print([t.shape for t in preview(Decoder())])
