import torch
import torch.nn.functional as F

RESIZE = {"size": (64, 64), "mode": "bilinear", "align_corners": False}


def load_image():
    return torch.rand(3, 32, 32)


img = load_image()
big = F.interpolate(img, **RESIZE)  # expect: TL405
