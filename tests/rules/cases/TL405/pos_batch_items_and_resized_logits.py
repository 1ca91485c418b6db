# Saliency maps upsampled one by one after iterating over the batch, and segmentation
# logits resized after taking the first item: both are (C, H, W).
import torch
import torch.nn as nn
from torch.nn import functional as nnf


def encoder():
    layers, c = [], 3
    for out_c in (8, 16):
        layers += [nn.Conv2d(c, out_c, 3, stride=2, padding=1), nn.ReLU()]
        c = out_c
    return nn.Sequential(*layers, nn.Conv2d(c, 1, 1))


def upsample_all(net, batch):
    with torch.no_grad():
        coarse = torch.sigmoid(net(batch))
    return [nnf.interpolate(m, size=batch.shape[-2:], mode="bilinear") for m in coarse]  # expect: TL405


def predict(net, img, size):
    x = nnf.interpolate(img.unsqueeze(0), size=(size, size), mode="bilinear")
    logits = net(x)[0]
    return nnf.interpolate(logits, size=img.shape[-2:], mode="bilinear")  # expect: TL405


args_batch = int("2")
net = encoder()
maps = upsample_all(net, torch.rand(args_batch, 3, 32, 32))
mask = predict(net, torch.rand(3, 40, 40), 32)
