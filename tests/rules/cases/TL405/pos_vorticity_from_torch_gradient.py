# A vorticity field from torch.gradient (one derivative per dimension asked for, each shaped
# as the field), unsqueezed to (1, n, n) and prolonged with a 2-D size: no batch dimension.
import math

import torch
import torch.nn.functional as F


def vorticity(field, h):
    u, v = field[0], field[1]
    dv_dx = torch.gradient(v, spacing=h, dim=0)[0]
    du_dy = torch.gradient(u, spacing=h, dim=1)[0]
    return (dv_dx - du_dy).unsqueeze(0)


def prolong(coarse, n):
    return F.interpolate(coarse, size=(n, n), mode="bilinear", align_corners=True)  # expect: TL405


x = torch.linspace(0, 2 * math.pi, 16, dtype=torch.float64)
X, Y = torch.meshgrid(x, x, indexing="ij")
field = torch.stack([torch.sin(X) * torch.cos(Y), -torch.cos(X) * torch.sin(Y)])
print(prolong(vorticity(field, 0.4), 64).shape)
