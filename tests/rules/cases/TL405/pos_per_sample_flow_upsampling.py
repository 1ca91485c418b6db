import torch
import torch.nn.functional as F
from torch import nn

CFG = {"batch": 2, "height": 16, "width": 16}


def upsample_flow(coarse, out_hw):
    h, w = coarse.shape[-2:]
    full = []
    for sample in coarse:
        up = F.interpolate(sample, size=out_hw, mode="bilinear", align_corners=True)  # expect: TL405
        up[0] *= out_hw[1] / w
        up[1] *= out_hw[0] / h
        full.append(up)
    return torch.stack(full)


net = nn.Conv2d(6, 2, 3, stride=2, padding=1)
hw = (CFG["height"], CFG["width"])
frames = torch.rand(CFG["batch"], 6, *hw)
flow = upsample_flow(net(frames), hw)
