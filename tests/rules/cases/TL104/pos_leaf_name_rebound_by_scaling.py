import torch
import torch.nn.functional as F
from torch import nn, optim


def make_canvas(content, mode):
    if mode == "content":
        canvas = content.clone().requires_grad_(True)
    else:
        canvas = torch.rand(content.shape, requires_grad=True)
        canvas = canvas * 2.0 - 1.0  # expect: TL104
    return canvas


net = nn.Conv2d(3, 4, 3).eval()
content = torch.rand(1, 3, 16, 16) * 2 - 1
with torch.no_grad():
    target = net(content)
image = make_canvas(content, "noise")
optimizer = optim.LBFGS([image], max_iter=5)


def closure():
    optimizer.zero_grad()
    loss = F.mse_loss(net(image), target)
    loss.backward()
    return loss


optimizer.step(closure)
