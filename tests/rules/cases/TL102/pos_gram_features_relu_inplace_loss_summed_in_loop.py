"""Style transfer: gram(x) saves a view of x for backward, then ReLU runs in place on x;
the style loss is summed from 0 over the gram matrices in a loop."""
import torch
import torch.nn as nn
import torch.nn.functional as F

convs = [nn.Conv2d(3, 8, 3, padding=1), nn.Conv2d(8, 8, 3, padding=1)]
for c in convs:
    c.requires_grad_(False)


def gram(f):
    b, c, h, w = f.shape
    f = f.view(c, h * w)
    return f @ f.t() / (c * h * w)


def features(img, style_layers=(0, 1)):
    grams = []
    x = img
    for i, conv in enumerate(convs):
        x = conv(x)
        if i in style_layers:
            grams.append(gram(x))
        x = F.relu(x, inplace=True)  # expect: TL102
    return grams


img = torch.rand(1, 3, 16, 16).requires_grad_(True)
opt = torch.optim.Adam([img], lr=0.05)
for step in range(3):
    opt.zero_grad()
    loss = 0
    for g in features(img):
        loss = loss + g.pow(2).sum()
    loss.backward()
    opt.step()
