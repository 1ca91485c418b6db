# A helper given the optimised image walks a local name through the layers: the caller's
# `synth` is still the leaf the optimizer updates.
import torch
import torch.nn as nn

layers = nn.ModuleList([nn.Sequential(nn.Conv2d(3, 8, 3, padding=1), nn.ReLU()) for _ in range(2)])
layers.requires_grad_(False)


def extract(img):
    feats, h = [], img
    for block in layers:
        h = block(h)
        feats.append(h)
    return feats


synth = torch.rand(1, 3, 16, 16, requires_grad=True)
opt = torch.optim.Adam([synth], lr=0.05)
for step in range(3):
    opt.zero_grad()
    loss = sum(f.pow(2).mean() for f in extract(synth))
    loss.backward()
    opt.step()
print(synth.grad.norm())
