"""Weight normalisation written into a subclass of nn.Conv2d."""
import torch
import torch.nn as nn


class WNConv2d(nn.Conv2d):
    def __init__(self, *args, eps=1e-6, **kwargs):
        super().__init__(*args, **kwargs)
        self.eps = eps
        self.g = nn.Parameter(torch.ones(self.out_channels))

    def normalised_weight(self):
        norm = torch.linalg.vector_norm(self.weight.flatten(1), dim=1)
        norm.clamp_(min=self.eps)  # expect: TL102
        return self.weight * (self.g / norm).view(-1, 1, 1, 1)

    def forward(self, x):
        return self._conv_forward(x, self.normalised_weight(), self.bias)


conv = WNConv2d(3, 4, 3, padding=1)
out = conv(torch.randn(2, 3, 8, 8))
out.square().mean().backward()
