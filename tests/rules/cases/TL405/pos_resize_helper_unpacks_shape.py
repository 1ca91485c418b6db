"""Text-line crops resized to a fixed height in a collate function."""
import math

import torch
import torch.nn.functional as F

TARGET_H = 32


def resize_keep_ratio(img, target_h=TARGET_H):
    _, h, w = img.shape
    new_w = max(8, math.ceil(w * target_h / h))
    return F.interpolate(img, size=(target_h, new_w), mode="bilinear", align_corners=False)  # expect: TL405


def collate(batch):
    imgs = [resize_keep_ratio(img) for img, _ in batch]
    width = max(im.shape[-1] for im in imgs)
    out = torch.ones(len(imgs), 1, TARGET_H, width)
    for i, im in enumerate(imgs):
        out[i, ..., : im.shape[-1]] = im
    return out, [label for _, label in batch]


print(collate([(torch.rand(1, 20, 50), "ab"), (torch.rand(1, 40, 90), "cd")])[0].shape)
