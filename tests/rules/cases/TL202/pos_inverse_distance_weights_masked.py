"""Inverse-distance weights within a radius: the eps keeps the division finite, but the
square root of the zero self-distance still has an infinite slope, and the where that
drops the diagonal turns it into NaN in the gradient of the points."""
import torch
import torch.nn as nn


class RadiusPool(nn.Module):
    def __init__(self, radius):
        super().__init__()
        self.radius = radius

    def forward(self, pts, feats):
        d2 = (pts[:, :, None, :] - pts[:, None, :, :]).pow(2).sum(-1)
        eye = torch.eye(pts.size(1), dtype=torch.bool)[None]
        near = (d2 < self.radius**2) & ~eye
        w = torch.where(near, 1.0 / (d2.sqrt() + 1e-3), torch.zeros_like(d2))  # expect: TL202
        return torch.bmm(feats, w.transpose(1, 2))


pts = torch.randn(2, 6, 3, requires_grad=True)
out = RadiusPool(2.0)(pts, torch.randn(2, 4, 6))
out.sum().backward()
assert torch.isnan(pts.grad).any()
