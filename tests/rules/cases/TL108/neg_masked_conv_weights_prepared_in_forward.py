import torch
import torch.nn as nn
import torch.nn.functional as F


class MaskedConv2d(nn.Conv2d):
    def __init__(self, mask_type, *args, **kwargs):
        super().__init__(*args, **kwargs)
        _, _, kh, kw = self.weight.shape
        mask = torch.ones_like(self.weight)
        mask[:, :, kh // 2, kw // 2 + (mask_type == "B"):] = 0
        mask[:, :, kh // 2 + 1:] = 0
        self.register_buffer("mask", mask)

    def forward(self, x):
        self.weight.data *= self.mask
        return super().forward(x)


layers = [MaskedConv2d("A", 8, 8, 5, padding=2), nn.ReLU()]
for _ in range(3):
    layers += [MaskedConv2d("B", 8, 8, 3, padding=1), nn.BatchNorm2d(8), nn.ReLU()]
model = nn.Sequential(nn.Conv2d(1, 8, 1), *layers, nn.Conv2d(8, 4, 1))
opt = torch.optim.Adam(model.parameters(), lr=1e-3)
for step in range(2):
    x = torch.randint(0, 4, (2, 1, 6, 6)).float()
    loss = F.cross_entropy(model(x), x.long().squeeze(1))
    opt.zero_grad()
    loss.backward()
    opt.step()
