# Feature maps collected by a helper's loop over blocks are not leaves: their .grad is None.
import torch
import torch.nn as nn

layers = nn.ModuleList([nn.Sequential(nn.Conv2d(3, 8, 3, padding=1), nn.ReLU()) for _ in range(2)])


def extract(img):
    feats, h = [], img
    for block in layers:
        h = block(h)
        feats.append(h)
    return feats


synth = torch.rand(1, 3, 16, 16, requires_grad=True)
feats = extract(synth)
loss = sum(f.pow(2).mean() for f in feats)
loss.backward()
for i, f in enumerate(feats):
    print(i, f.grad)  # expect: TL103
